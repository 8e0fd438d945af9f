import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser hydrates a page the server rendered (web/ssr), true
 * from then on (and from the start when the browser renders alone). Code-split parts render only
 * once it is true: the server cannot wait for them, and hydration must render what the server rendered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
