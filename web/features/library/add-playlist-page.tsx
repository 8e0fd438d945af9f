import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api.ts';
import { useBack } from '../../lib/go-back.ts';
import { useCreatePlaylist } from '../../lib/library-queries.ts';
import { promptLogin } from '../../lib/login-prompt.ts';
import { useSession } from '../../lib/session.ts';
import { PlaylistDetailsDialog } from './playlist-details-dialog.tsx';

/**
 * /addPlaylist: close goes back one step, save goes home. A visitor, who cannot create
 * playlists, is taken home and asked to log in before filling anything in.
 */
export function AddPlaylistPage() {
  const navigate = useNavigate();
  const back = useBack();
  const create = useCreatePlaylist();
  const { isAuth } = useSession();
  useEffect(() => {
    if (isAuth) return;
    navigate('/', { replace: true });
    promptLogin('create a playlist');
  }, [isAuth, navigate]);
  if (!isAuth) return null;
  return (
    <div className="min-h-full bg-black">
      <PlaylistDetailsDialog
        open
        mode="create"
        saving={create.isPending}
        error={create.error ? errorMessage(create.error, 'Failed to add playlist') : null}
        onClose={back}
        onSave={(details) =>
          create.mutateAsync(
            { name: details.name, description: details.description },
            { onSuccess: () => navigate('/') },
          )
        }
      />
    </div>
  );
}
