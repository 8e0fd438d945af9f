/**
 * Runs `task` once the page has loaded and the browser is idle: for fetching code that is not
 * needed for the first page but should be ready before anyone asks for it.
 */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    const idle = window.requestIdleCallback ?? ((next: () => void) => window.setTimeout(next, 1));
    idle(() => {
      if (!cancelled) task();
    });
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
  };
}
