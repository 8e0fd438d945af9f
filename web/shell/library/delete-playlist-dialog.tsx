import type { RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PlaylistSummary } from '../../../contract/playlists.ts';
import { errorMessage } from '../../lib/api.ts';
import { useDeletePlaylist } from '../../lib/library-queries.ts';
import { notify } from '../../lib/toast.ts';
import { usePlayer } from '../../player/player-store.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

/**
 * Asks before deleting a playlist for good; open while `playlist` is set. Closing gives the focus
 * back to what opened it, or, once that has gone with the deleted playlist, to `returnFocusTo`.
 */
export function DeletePlaylistDialog({
  playlist,
  onClose,
  returnFocusTo,
}: {
  playlist: PlaylistSummary | null;
  onClose(): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const remove = useDeletePlaylist();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ConfirmDialog
      open={playlist !== null}
      onCancel={onClose}
      title={`Are you sure you want to delete "${playlist?.name}"?`}
      description="This action cannot be undone."
      confirmLabel="Delete"
      busy={remove.isPending}
      returnFocusTo={returnFocusTo}
      onConfirm={() => {
        if (!playlist) return;
        // The promise, unlike mutate's callbacks, settles even when the playlist's own page
        // (which may hold this dialog) has already unmounted for the deletion.
        remove.mutateAsync(playlist._id).then(
          () => {
            notify.success('Playlist deleted');
            const page = `/viewPlaylist/${playlist._id}`;
            usePlayer.getState().pageGone(page);
            if (location.pathname === page) navigate('/');
            onClose();
          },
          (error: unknown) => notify.error(errorMessage(error, 'Failed to delete playlist')),
        );
      }}
    />
  );
}
