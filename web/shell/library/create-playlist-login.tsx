import { Popover } from 'radix-ui';
import { type ReactElement, useState } from 'react';
import { useNavigate } from 'react-router';

/** The 'Please Login' prompt a visitor gets from anything that creates a playlist. */
export function CreatePlaylistLogin({
  children,
  side,
}: {
  /** The control that opens the prompt. */
  children: ReactElement;
  side: 'right' | 'bottom';
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={side}
          align="start"
          sideOffset={12}
          collisionPadding={8}
          className="z-50 w-[min(20rem,calc(100vw-1rem))] rounded-lg bg-[#0d72ea] p-4 text-white shadow-xl"
        >
          <h2 className="text-lg font-bold">Please Login</h2>
          <p className="mt-2 text-sm">
            You need to be logged in to create a playlist. Please log in to continue.
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Popover.Close className="rounded-full px-4 py-1.5 text-sm font-bold hover:scale-105">
              Cancel
            </Popover.Close>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                navigate('/login');
              }}
              className="rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
            >
              Login
            </button>
          </div>
          <Popover.Arrow className="fill-[#0d72ea]" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
