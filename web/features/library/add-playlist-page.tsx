import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api.ts';
import { useCreatePlaylist } from '../../lib/library-queries.ts';
import { PlaylistDetailsDialog } from './playlist-details-dialog.tsx';

/** /addPlaylist: close goes back one step, save goes home. */
export function AddPlaylistPage() {
  const navigate = useNavigate();
  const create = useCreatePlaylist();
  return (
    <div className="min-h-full bg-black">
      <PlaylistDetailsDialog
        open
        mode="create"
        saving={create.isPending}
        error={create.error ? errorMessage(create.error, 'Failed to add playlist') : null}
        onClose={() =>
          // Opened directly (no page before it in the app), back would leave Chorus.
          (window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/')
        }
        onSave={(details) =>
          create.mutate(
            { name: details.name, description: details.description },
            { onSuccess: () => navigate('/') },
          )
        }
      />
    </div>
  );
}
