import { useRef, useState } from 'react';

/**
 * One request per press: while a row's action is pending, further presses on that row are
 * ignored, so a double click writes once. The set of running keys is a ref as well as state:
 * a second click can arrive before React has re-rendered the button as pending. Buttons show it
 * with `aria-disabled`, not `disabled`: a disabled button loses the keyboard's focus to the page.
 */
export function usePendingActions<Key>() {
  const running = useRef(new Set<Key>());
  const [pending, setPending] = useState<ReadonlySet<Key>>(() => new Set());

  /** Runs `action` for `key` unless one is pending; false when the press was ignored. */
  async function run(key: Key, action: () => Promise<void>): Promise<boolean> {
    if (running.current.has(key)) return false;
    running.current.add(key);
    setPending(new Set(running.current));
    try {
      await action();
      return true;
    } finally {
      running.current.delete(key);
      setPending(new Set(running.current));
    }
  }

  return { run, isPending: (key: Key) => pending.has(key) };
}
