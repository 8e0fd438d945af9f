import { useRef, useState } from 'react';

/** A row's action while its request runs: the control it was started from, if the row has several. */
export interface PendingAction<Control> {
  startedBy: Control | undefined;
}

/** What a row's control shows of the row's pending action, as props for the element. */
export interface PendingControlState {
  'aria-busy': boolean;
  'aria-disabled': boolean;
  disabled: boolean;
}

/**
 * A control of a row whose action `pending` runs (undefined when none does). The control that
 * started it is busy and aria-disabled, not disabled: a disabled control loses the keyboard's
 * focus to the page. The row's other controls are disabled outright, as a select only marked
 * aria-disabled still opens and takes a choice that the page would have to drop.
 */
export function pendingControlState<Control>(
  pending: PendingAction<Control> | undefined,
  control: Control,
): PendingControlState {
  if (!pending) return { 'aria-busy': false, 'aria-disabled': false, disabled: false };
  const started = pending.startedBy === control;
  return { 'aria-busy': started, 'aria-disabled': started, disabled: !started };
}

/**
 * One request per row at a time: while a row's action is pending, further presses on that row
 * are ignored, so a double click writes once and two controls of a row cannot race. The running
 * actions are a ref as well as state: a second click can arrive before React has re-rendered the
 * row as pending.
 */
export function usePendingActions<Key, Control = never>() {
  const running = useRef(new Map<Key, PendingAction<Control>>());
  const [pending, setPending] = useState<ReadonlyMap<Key, PendingAction<Control>>>(() => new Map());

  /**
   * Runs `action` for `key`, started from `control` when the row has several, unless one is
   * pending; false when the press was ignored.
   */
  async function run(key: Key, action: () => Promise<void>, control?: Control): Promise<boolean> {
    if (running.current.has(key)) return false;
    running.current.set(key, { startedBy: control });
    setPending(new Map(running.current));
    try {
      await action();
      return true;
    } finally {
      running.current.delete(key);
      setPending(new Map(running.current));
    }
  }

  return {
    run,
    isPending: (key: Key) => pending.has(key),
    controlState: (key: Key, control: Control) => pendingControlState(pending.get(key), control),
  };
}
