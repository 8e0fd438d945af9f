import { MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

/** A menu item's look. */
export const itemClass =
  'cursor-pointer rounded px-3 py-2.5 outline-none data-[highlighted]:bg-white/10 data-[disabled]:opacity-50';

const triggers = {
  /** A library row's: shown on hover with a mouse, always on touch and narrow screens. */
  row: 'hover-reveal grid size-8 shrink-0 place-items-center rounded-full text-muted hover:text-white',
  /** The playlist page's, beside its play button. */
  page: 'grid size-10 place-items-center rounded-full text-muted hover:text-white',
};

export interface RowMenuProps {
  placement?: keyof typeof triggers;
  /** Given by a library row, which also opens it by a right-click or a long-press. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

/** A "More options" button and its menu of `children` (DropdownMenu items). */
export function RowMenu({
  label,
  placement = 'row',
  open,
  onOpenChange,
  children,
}: RowMenuProps & { label: string; children: ReactNode }) {
  return (
    // Not modal: the page stays in the accessibility tree while the menu is open.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger aria-label={label} className={triggers[placement]}>
        <MoreHorizontal className={placement === 'page' ? 'size-7' : 'size-5'} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={placement === 'page' ? 'start' : 'end'}
          collisionPadding={8}
          className="z-50 min-w-48 rounded-md bg-highlight p-1 text-sm text-white shadow-xl"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
