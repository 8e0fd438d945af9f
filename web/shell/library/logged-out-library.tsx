import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../lib/toast.ts';

/** What a visitor sees in the library: an invitation to create a playlist, which asks to log in. */
export function LoggedOutLibrary() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-1 flex-col gap-4">
      <div className="rounded-lg bg-elevated p-4">
        <p className="font-bold">Create your first playlist</p>
        <p className="mt-1 text-sm text-muted">It's easy, we'll help you</p>
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button
              type="button"
              className="mt-4 rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
            >
              Create playlist
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              side="right"
              align="start"
              sideOffset={12}
              className="z-50 w-80 rounded-lg bg-[#0d72ea] p-4 text-white shadow-xl"
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
      </div>
      <div className="rounded-lg bg-elevated p-4">
        <p className="font-bold">Let's find some podcasts to follow</p>
        <p className="mt-1 text-sm text-muted">We'll keep you updated on new episodes</p>
        <button
          type="button"
          onClick={() => notify.info('Podcasts are not part of Chorus yet')}
          className="mt-4 rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
        >
          Browse podcasts
        </button>
      </div>
      <footer className="mt-auto flex flex-wrap gap-x-4 gap-y-2 px-2 pb-2 text-xs text-muted">
        {[
          'Legal',
          'Safety & Privacy Center',
          'Privacy Policy',
          'Cookies',
          'About Ads',
          'Accessibility',
        ].map((label) => (
          <Link key={label} to="/terms&conditions" className="hover:underline">
            {label}
          </Link>
        ))}
      </footer>
    </div>
  );
}
