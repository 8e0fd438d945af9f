/**
 * Puts `text` on the clipboard; answers whether it got there. Browsers offer the clipboard only to
 * secure pages (https, localhost) and may refuse it there too, so a caller has a way on without it.
 */
export async function copyText(text: string): Promise<boolean> {
  if (!navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Selects all the text of `element`, so the listener's own copy shortcut takes it. */
export function selectText(element: HTMLElement): void {
  window.getSelection()?.selectAllChildren(element);
}

/** The copy shortcut of the listener's keyboard, as a hint names it. */
export function copyShortcut(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘C' : 'Ctrl+C';
}
