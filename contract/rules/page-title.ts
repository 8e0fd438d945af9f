/** What every tab's title ends with. */
export const APP_TITLE = 'Chorus';

/** A tab's title: the page's name, then the app's ("Artist name · Chorus"); the app's alone without one. */
export function pageTitle(name?: string | null): string {
  const shown = name?.trim();
  return shown ? `${shown} · ${APP_TITLE}` : APP_TITLE;
}
