/**
 * The artists list's address travels to an artist's edit page in its link's history state, so
 * Save and Cancel there return to the list as the admin left it (its search, filter and page).
 */
export interface ArtistListState {
  listSearch: string;
}

/** The history state the Edit link of a list at `params` gives its page. */
export function listState(params: URLSearchParams): ArtistListState {
  const search = params.toString();
  return { listSearch: search ? `?${search}` : '' };
}

/** Where the edit page returns: the list its Edit link came from, else the list's first page. */
export function listAddress(state: unknown): string {
  if (
    typeof state === 'object' &&
    state !== null &&
    'listSearch' in state &&
    typeof state.listSearch === 'string' &&
    (state.listSearch === '' || state.listSearch.startsWith('?'))
  ) {
    return `/admin_artist${state.listSearch}`;
  }
  return '/admin_artist';
}
