import { AlertDialog } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import type { PlaylistSummary } from '../../../contract/playlists.ts';
import { errorMessage } from '../../lib/api.ts';
import { useDeletePlaylist } from '../../lib/library-queries.ts';
import { notify } from '../../lib/toast.ts';

/** Asks before deleting a playlist for good; open while `playlist` is set. */
export function DeletePlaylistDialog({
  playlist,
  onClose,
}: {
  playlist: PlaylistSummary | null;
  onClose(): void;
}) {
  const remove = useDeletePlaylist();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AlertDialog.Root open={playlist !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-elevated p-6 text-white shadow-2xl">
          <AlertDialog.Title className="text-lg font-bold">
            Are you sure you want to delete "{playlist?.name}"?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            This action cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-full px-5 py-2 font-bold text-muted hover:text-white">
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => {
                if (!playlist) return;
                // The promise, unlike mutate's callbacks, settles even when the playlist's own
                // page (which may hold this dialog) has already unmounted for the deletion.
                remove.mutateAsync(playlist._id).then(
                  () => {
                    notify.success('Playlist deleted');
                    if (location.pathname === `/viewPlaylist/${playlist._id}`) navigate('/');
                    onClose();
                  },
                  (error: unknown) =>
                    notify.error(errorMessage(error, 'Failed to delete playlist')),
                );
              }}
              className="rounded-full bg-red-600 px-5 py-2 font-bold text-white hover:bg-red-500 disabled:opacity-50"
            >
              Delete
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
