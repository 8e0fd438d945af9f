/** Keyboard shortcuts of the player, shown by the '?' help overlay. */
export const SHORTCUTS: { keys: string; action: string }[] = [
  { keys: 'Space', action: 'Play or pause' },
  { keys: '←  /  →', action: 'Seek back or forward 5 seconds' },
  { keys: '↑  /  ↓', action: 'Volume up or down' },
  { keys: 'M', action: 'Mute or unmute' },
  { keys: 'N', action: 'Next song' },
  { keys: 'P', action: 'Previous song' },
  { keys: 'S', action: 'Shuffle on or off' },
  { keys: 'R', action: 'Repeat: off, all, one' },
  { keys: '?', action: 'Show or hide these shortcuts' },
];

export interface ShortcutTarget {
  togglePlay(): void;
  seekBy(seconds: number): void;
  volumeBy(step: number): void;
  toggleMute(): void;
  next(): void;
  previous(): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
  toggleHelp(): void;
}

/** Typing in a field, or using a focused control's own keys, must never trigger a shortcut. */
function ownsKeys(element: Element | null, key: string): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    // Sliders keep their arrows (Space does nothing on them); text fields keep every key.
    return type === 'range' ? key.startsWith('Arrow') : true;
  }
  if ((tag === 'BUTTON' || tag === 'A' || element.getAttribute('role') === 'button') && key === ' ')
    return element !== pointerFocused;
  return false;
}

/**
 * The control last focused by a click or a tap, if it still has the focus. A button reached with
 * Tab keeps Space to press it; one just clicked keeps the focus too, but there Space means play or
 * pause, as in every player: pressing the clicked Shuffle or Next again would surprise. (The
 * browser's :focus-visible cannot tell: any key press makes the focused element match it.)
 */
let pointerFocused: Element | null = null;
let pointing = false;

/** Follows where the focus comes from (see pointerFocused); installed once, with the shortcuts. */
export function trackPointerFocus(target: Window): void {
  target.addEventListener(
    'pointerdown',
    (event) => {
      pointing = true;
      pointerFocused =
        event.target instanceof Element ? event.target.closest('button, a, [role="button"]') : null;
    },
    true,
  );
  const done = () => {
    pointing = false;
  };
  target.addEventListener('pointerup', done, true);
  target.addEventListener('pointercancel', done, true);
  // Focus that moves without a pointer (Tab, a dialog opening) was not clicked.
  target.addEventListener(
    'focusin',
    () => {
      if (!pointing) pointerFocused = null;
    },
    true,
  );
}

/** How far ← and → move in the song, from anywhere and on the seek bar alike. */
export const SEEK_STEP_SECONDS = 5;

export function handleShortcut(event: KeyboardEvent, target: ShortcutTarget): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (ownsKeys(document.activeElement, event.key)) return false;
  const seek = (seconds: number) => () => target.seekBy(seconds);
  const volume = (step: number) => () => target.volumeBy(step);
  const actions = new Map<string, () => void>([
    [' ', target.togglePlay],
    ['arrowleft', seek(-SEEK_STEP_SECONDS)],
    ['arrowright', seek(SEEK_STEP_SECONDS)],
    ['arrowup', volume(0.1)],
    ['arrowdown', volume(-0.1)],
    ['m', target.toggleMute],
    ['n', target.next],
    ['p', target.previous],
    ['s', target.toggleShuffle],
    ['r', target.toggleRepeat],
    ['?', target.toggleHelp],
  ]);

  const action = actions.get(event.key.toLowerCase());
  if (!action) return false;
  event.preventDefault();
  action();
  return true;
}
