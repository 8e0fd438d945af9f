import type { QueryKey } from '@tanstack/react-query';
import type { SessionHints } from '../lib/session.ts';

/**
 * What the server rendered a page with (web/ssr/render-page.tsx), handed to the browser in the page's
 * HTML so that its first render shows the same page: the session hints and the query responses.
 */
export interface PageState {
  session: SessionHints;
  queries: [QueryKey, unknown][];
}

/** The id of the `<script type="application/json">` element holding the state. */
export const PAGE_STATE_ID = 'chorus-page-state';

/** The state in this page's HTML, if the server rendered the page. */
export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}

/** `state` as JSON that cannot end its `<script>` element early: every `<` is escaped. */
export function pageStateJson(state: PageState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}
