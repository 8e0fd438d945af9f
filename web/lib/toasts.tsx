import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './idle.ts';
import { onToastWanted } from './toast.ts';

const loadHost = () => import('./toast-host.tsx');
const ToastHost = lazy(() => loadHost().then((m) => ({ default: m.ToastHost })));

/**
 * Mounts the toast container once a toast is wanted, and fetches its code when the browser is
 * idle after the page has loaded, so that the first toast does not wait for the network.
 */
export function Toasts() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const { pending, stop } = onToastWanted(() => setNeeded(true));
    if (pending) setNeeded(true);
    const cancel = whenIdle(() => void loadHost());
    return () => {
      stop();
      cancel();
    };
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
