import { useNavigate } from 'react-router';
import { PlaylistDetailsDialog } from '../../features/library/playlist-details-dialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useCreatePlaylist } from '../../lib/library-queries.ts';
import { useLibraryUi } from '../library-ui.ts';

/**
 * The library's "+": 'Edit details' over the page being shown (the player plays on), which
 * creates the playlist on Save and opens it.
 */
export function CreatePlaylistDialog() {
  const creating = useLibraryUi((state) => state.creating);
  const setCreating = useLibraryUi((state) => state.setCreating);
  const create = useCreatePlaylist();
  const navigate = useNavigate();
  if (!creating) return null;
  const close = () => {
    create.reset();
    setCreating(false);
  };
  return (
    <PlaylistDetailsDialog
      open
      mode="create"
      saving={create.isPending}
      error={create.error ? errorMessage(create.error, 'Failed to add playlist') : null}
      onClose={close}
      onSave={(details) =>
        create.mutateAsync(
          { name: details.name, description: details.description },
          {
            onSuccess: (playlist) => {
              close();
              navigate(`/viewPlaylist/${playlist._id}`);
            },
          },
        )
      }
    />
  );
}
