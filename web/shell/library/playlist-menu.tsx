import { MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { PlaylistSummary } from '../../../contract/playlists.ts';
import { errorMessage } from '../../lib/api.ts';
import { useUpdatePlaylist } from '../../lib/library-queries.ts';
import { notify } from '../../lib/toast.ts';

const itemClass =
  'cursor-pointer rounded px-3 py-2.5 outline-none data-[highlighted]:bg-white/10 data-[disabled]:opacity-50';

const triggers = {
  /** A library row's: shown on hover with a mouse, always on touch and narrow screens. */
  row: 'hover-reveal grid size-8 shrink-0 place-items-center rounded-full text-muted hover:text-white',
  /** The playlist page's, beside its play button. */
  page: 'grid size-10 place-items-center rounded-full text-muted hover:text-white',
};

/**
 * A playlist's "More options" (a library row's and its page's): edit details, change the cover
 * (both in the details dialog), make it public or private, delete it. A library row also opens
 * it by a right-click or a long-press, through `open` and `onOpenChange`.
 */
export function PlaylistMenu({
  playlist,
  onEdit,
  onDelete,
  placement = 'row',
  open,
  onOpenChange,
}: {
  playlist: Pick<PlaylistSummary, '_id' | 'name' | 'description' | 'isPublic'>;
  onEdit(): void;
  onDelete(): void;
  placement?: keyof typeof triggers;
  open?: boolean;
  onOpenChange?(open: boolean): void;
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
    // Not modal: the page stays in the accessibility tree while the menu is open.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        aria-label={`More options for ${playlist.name}`}
        className={triggers[placement]}
      >
        <MoreHorizontal className={placement === 'page' ? 'size-7' : 'size-5'} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={placement === 'page' ? 'start' : 'end'}
          collisionPadding={8}
          className="z-50 min-w-48 rounded-md bg-highlight p-1 text-sm text-white shadow-xl"
        >
          <DropdownMenu.Item onSelect={onEdit} className={itemClass}>
            Edit details
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onEdit} className={itemClass}>
            Change cover
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={setVisibility}
            disabled={update.isPending}
            className={itemClass}
          >
            {playlist.isPublic ? 'Make private' : 'Make public'}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
          <DropdownMenu.Item onSelect={onDelete} className={itemClass}>
            Delete playlist
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
