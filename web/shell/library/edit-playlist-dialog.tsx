import type { PlaylistSummary } from '../../../contract/playlists.ts';
import { PlaylistDetailsDialog } from '../../features/library/playlist-details-dialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useUpdatePlaylist } from '../../lib/library-queries.ts';

/** The playlist's name, description and cover, edited in place; open while `playlist` is set. */
export function EditPlaylistDialog({
  playlist,
  onClose,
}: {
  playlist: PlaylistSummary | null;
  onClose(): void;
}) {
  const update = useUpdatePlaylist();
  if (!playlist) return null;
  return (
    <PlaylistDetailsDialog
      key={playlist._id}
      open
      mode="edit"
      initial={playlist}
      saving={update.isPending}
      error={update.error ? errorMessage(update.error, 'Failed to save playlist') : null}
      onClose={() => {
        update.reset();
        onClose();
      }}
      onSave={(details) =>
        update.mutateAsync(
          { id: playlist._id, ...details },
          {
            onSuccess: () => {
              update.reset();
              onClose();
            },
          },
        )
      }
    />
  );
}
