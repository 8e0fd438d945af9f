import { MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { PlaylistSummary } from '../../../contract/playlists.ts';

/** A playlist row's "More options": edit details or delete. */
export function PlaylistMenu({
  playlist,
  onEdit,
  onDelete,
}: {
  playlist: PlaylistSummary;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`More options for ${playlist.name}`}
        className="grid size-8 shrink-0 place-items-center rounded-full text-muted opacity-0 group-hover:opacity-100 hover:text-white focus:opacity-100 data-[state=open]:opacity-100"
      >
        <MoreHorizontal className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          className="z-50 min-w-44 rounded-md bg-highlight p-1 text-sm text-white shadow-xl"
        >
          <DropdownMenu.Item
            onSelect={onEdit}
            className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-white/10"
          >
            Edit details
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={onDelete}
            className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-white/10"
          >
            Delete playlist
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
