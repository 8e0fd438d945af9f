import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { api, errorMessage } from '../../lib/api.ts';
import { copyShortcut, copyText, selectText } from '../../lib/clipboard.ts';
import { notify } from '../../lib/toast.ts';
import { useFocusWhenBack } from '../../ui/return-focus.ts';

// Loaded when first asked for: most visits to the profile never replace or revoke the key.
const ConfirmDialog = lazy(() =>
  import('../../ui/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

interface AppKeyState {
  hasKey: boolean;
  createdAt: string | null;
}

const APP_KEY_QUERY = ['me', 'app-key'] as const;

/**
 * Apps: the key Subsonic apps (Symfonium, DSub, Feishin…) sign in with, in place of the account
 * password. The key is shown once, right after it is made; the server keeps it sealed.
 */
export function AppsPanel({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: APP_KEY_QUERY,
    queryFn: () => api<AppKeyState>('/me/app-key'),
  });
  const [shownKey, setShownKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A new key or a revoked one signs out every app using the current key: asked first.
  const [asking, setAsking] = useState<'replace' | 'revoke' | null>(null);
  /** Create is there whatever a change did; the focus comes back to it (see below). */
  const createButton = useRef<HTMLButtonElement>(null);
  // Create is disabled while the key is made, and Revoke leaves with the key.
  useFocusWhenBack(busy, createButton);

  const run = async (change: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await change();
      await queryClient.invalidateQueries({ queryKey: APP_KEY_QUERY });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const create = () =>
    run(async () => {
      const made = await api<{ appKey: string }>('/me/app-key', { method: 'POST' });
      setShownKey(made.appKey);
    });
  const revoke = () =>
    run(async () => {
      await api<AppKeyState>('/me/app-key', { method: 'DELETE' });
      setShownKey(null);
    });

  const keyText = useRef<HTMLElement>(null);
  // Without the clipboard (an http:// address other than localhost), the key is selected for the
  // listener's own copy shortcut, and the toast says which.
  const copyKey = async (key: string) => {
    if (await copyText(key)) {
      notify.success('Copied');
      return;
    }
    if (keyText.current) selectText(keyText.current);
    notify.info(`Key selected: press ${copyShortcut()} to copy it`);
  };

  const hasKey = state.data?.hasKey ?? false;
  return (
    <section className="px-6 py-4" aria-labelledby="apps-title" data-testid="apps-panel">
      <h2 id="apps-title" className="text-2xl font-bold">
        Apps
      </h2>
      <p className="mt-1 max-w-prose text-sm text-muted">
        Listen in apps that speak the Subsonic API. Server:{' '}
        {typeof window === 'undefined' ? '' : window.location.origin} · User: {email} · Password:
        your app key.
      </p>
      {shownKey && (
        <div className="mt-3 flex max-w-prose items-center gap-3 rounded bg-highlight p-3 text-sm">
          <p className="min-w-0 flex-1">
            Your app key (shown only now):{' '}
            <code ref={keyText} className="select-all break-all font-mono" data-testid="app-key">
              {shownKey}
            </code>
          </p>
          <button
            type="button"
            onClick={() => copyKey(shownKey)}
            className="shrink-0 rounded-full border border-white/40 px-4 py-1 text-sm font-bold hover:border-white"
          >
            Copy
          </button>
        </div>
      )}
      {hasKey && !shownKey && state.data?.createdAt && (
        <p className="mt-3 text-sm text-muted">
          App key created {new Date(state.data.createdAt).toLocaleDateString()}.
        </p>
      )}
      {problem && <p className="mt-3 text-sm text-red-400">{problem}</p>}
      <div className="mt-3 flex gap-3">
        <button
          ref={createButton}
          type="button"
          disabled={busy || state.isPending}
          onClick={() => (hasKey ? setAsking('replace') : create())}
          className="rounded-full bg-white px-5 py-2 text-sm font-bold text-black disabled:opacity-50"
        >
          {hasKey ? 'Create a new key' : 'Create'}
        </button>
        {hasKey && (
          <button
            type="button"
            disabled={busy}
            onClick={() => setAsking('revoke')}
            className="rounded-full border border-white/40 px-5 py-2 text-sm font-bold disabled:opacity-50"
          >
            Revoke
          </button>
        )}
      </div>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onCancel={() => setAsking(null)}
            title={asking === 'revoke' ? 'Revoke your app key?' : 'Replace your app key?'}
            description="Apps signed in with your current key will stop working until you sign them in again."
            confirmLabel={asking === 'revoke' ? 'Revoke' : 'Create a new key'}
            busy={busy}
            onConfirm={asking === 'revoke' ? revoke : create}
            returnFocusTo={createButton}
          />
        </Suspense>
      )}
    </section>
  );
}
