/*
 * One log-in prompt for every action a visitor tries that needs an account (liking, adding to a
 * playlist, queueing into a library…): `promptLogin('save songs to Liked Songs')` shows
 * "You need to be logged in to save songs to Liked Songs. Please log in to continue." in the
 * prompt's dialog (web/ui/login-prompt.tsx), which loads when first asked for.
 */
export interface LoginPromptRequest {
  /** What the visitor tried, finishing "You need to be logged in to …". */
  action: string;
  /** What gets the focus back when the prompt closes. */
  opener: HTMLElement | null;
}

let current: LoginPromptRequest | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function promptLogin(action: string): void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  current = { action, opener };
  emit();
}

export function closeLoginPrompt(): void {
  const opener = current?.opener;
  current = null;
  emit();
  opener?.focus();
}

export function subscribeLoginPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLoginPrompt(): LoginPromptRequest | null {
  return current;
}
