import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { closeLoginPrompt, type LoginPromptRequest } from '../lib/login-prompt.ts';

/**
 * The log-in prompt (see web/lib/login-prompt.ts): a modal dialog in the style of the library's
 * "Please Login" popover, with Cancel and Login. The browser's own modal <dialog> keeps the focus
 * inside and closes on Escape.
 */
export function LoginPrompt({ request }: { request: LoginPromptRequest }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop's; Escape closes it natively
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={closeLoginPrompt}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its box) closes it.
        if (event.target === event.currentTarget) closeLoginPrompt();
      }}
      className="m-auto w-[min(20rem,calc(100vw-2rem))] rounded-lg bg-[#0d72ea] p-0 text-white shadow-xl backdrop:bg-black/60"
    >
      <div className="p-4">
        <h2 id={titleId} className="text-lg font-bold">
          Please Login
        </h2>
        <p className="mt-2 text-sm">
          You need to be logged in to {request.action}. Please log in to continue.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            onClick={closeLoginPrompt}
            className="rounded-full px-4 py-1.5 text-sm font-bold hover:scale-105"
          >
            Cancel
          </button>
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the dialog's main action, as showModal() would pick
            autoFocus
            onClick={() => {
              closeLoginPrompt();
              navigate('/login');
            }}
            className="rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
          >
            Login
          </button>
        </div>
      </div>
    </dialog>
  );
}
