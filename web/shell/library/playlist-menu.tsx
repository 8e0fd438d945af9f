import { DropdownMenu } from 'radix-ui';
import type { PlaylistSummary } from '../../../contract/playlists.ts';
import { errorMessage } from '../../lib/api.ts';
import { useUpdatePlaylist } from '../../lib/library-queries.ts';
import { notify } from '../../lib/toast.ts';
import { itemClass, RowMenu, type RowMenuProps } from './row-menu.tsx';

/**
 * A playlist's "More options" (a library row's and its page's): edit details, change the cover
 * (both in the details dialog), make it public or private, delete it.
 */
export function PlaylistMenu({
  playlist,
  onEdit,
  onDelete,
  ...menu
}: RowMenuProps & {
  playlist: Pick<PlaylistSummary, '_id' | 'name' | 'description' | 'isPublic'>;
  onEdit(): void;
  onDelete(): void;
}) {
  const update = useUpdatePlaylist();
  const setVisibility = () =>
    update.mutate(
      {
        id: playlist._id,
        name: playlist.name,
        description: playlist.description,
        isPublic: !playlist.isPublic,
        cover: null,
      },
      {
        onSuccess: (saved) =>
          notify.success(saved.isPublic ? 'Playlist is now public' : 'Playlist is now private'),
        onError: (error) => notify.error(errorMessage(error, 'Failed to save playlist')),
      },
    );
  return (
    <RowMenu label={`More options for ${playlist.name}`} {...menu}>
      <DropdownMenu.Item onSelect={onEdit} className={itemClass}>
        Edit details
      </DropdownMenu.Item>
      <DropdownMenu.Item onSelect={onEdit} className={itemClass}>
        Change cover
      </DropdownMenu.Item>
      <DropdownMenu.Item onSelect={setVisibility} disabled={update.isPending} className={itemClass}>
        {playlist.isPublic ? 'Make private' : 'Make public'}
      </DropdownMenu.Item>
      <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
      <DropdownMenu.Item onSelect={onDelete} className={itemClass}>
        Delete playlist
      </DropdownMenu.Item>
    </RowMenu>
  );
}
