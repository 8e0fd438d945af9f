import { AlertDialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useReturnFocus } from './return-focus.ts';

/**
 * Asks before something that cannot be taken back; open while `open`. The confirm button is the
 * page's to run (it may wait on the server), so it stays a plain button inside the dialog. On
 * closing, focus goes back to what opened it, else to `returnFocusTo`.
 */
export function ConfirmDialog({
  open,
  onCancel,
  title,
  description,
  confirmLabel,
  busy = false,
  onConfirm,
  returnFocusTo,
}: {
  open: boolean;
  onCancel(): void;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useReturnFocus(open, returnFocusTo);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-elevated p-6 text-white shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-full px-5 py-2 font-bold text-muted hover:text-white">
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={busy}
              onClick={onConfirm}
              className="rounded-full bg-red-600 px-5 py-2 font-bold text-white hover:bg-red-500 disabled:opacity-50"
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
