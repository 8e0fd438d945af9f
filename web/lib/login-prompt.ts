import { createSignal } from './signal.ts';

/*
 * One log-in prompt for every action a visitor tries that needs an account (liking, adding to a
 * playlist…): `promptLogin('save songs to Liked Songs')` shows "You need to be logged in to save
 * songs to Liked Songs. Please log in to continue." in the prompt's dialog
 * (web/ui/login-prompt.tsx), which loads when first asked for.
 */
export interface LoginPromptRequest {
  /** What the visitor tried, finishing "You need to be logged in to …". */
  action: string;
  /** What gets the focus back when the prompt closes. */
  opener: HTMLElement | null;
}

export const loginPrompt = createSignal<LoginPromptRequest | null>(null);

export function promptLogin(action: string): void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  loginPrompt.set({ action, opener });
}

export function closeLoginPrompt(): void {
  const opener = loginPrompt.get()?.opener;
  loginPrompt.set(null);
  opener?.focus();
}
