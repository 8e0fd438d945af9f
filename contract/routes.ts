/**
 * Every path the web app serves: the product's pages and Chorus's own. The server uses the list to
 * serve known pages with 200 and anything else with the app's 404 page and a 404 status.
 */
export const CLIENT_ROUTES = [
  '/',
  '/login',
  '/otpSection',
  '/loginWithPass',
  '/forgotPassword',
  '/adminLogin',
  '/signup',
  '/createPass',
  '/profileinfo',
  '/terms&conditions',
  '/addPlaylist',
  '/SongFullScreen',
  '/profile',
  '/AllArtist',
  '/viewPlaylist/:id',
  '/viewArtistSongs/:id',
  '/album/:id',
  '/search',
  '/likedSongs',
  '/admin_dashboard',
  '/admin_users',
  '/admin_songs',
  '/admin_artist',
  '/admin_artist_edit/:id',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

const matchers = CLIENT_ROUTES.map((route) => {
  const pattern = route
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? `(?<${segment.slice(1)}>[^/]+)`
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return { route, regex: new RegExp(`^${pattern}/?$`) };
});

/** The page a (decoded) path shows, with its parameters; null when the app has no such page. */
export function matchClientRoute(
  path: string,
): { route: ClientRoute; params: Record<string, string> } | null {
  for (const { route, regex } of matchers) {
    const match = regex.exec(path);
    if (match) return { route, params: { ...match.groups } };
  }
  return null;
}

/** Whether a (decoded) path is one of the app's pages. */
export function isClientRoute(path: string): boolean {
  return matchClientRoute(path) !== null;
}

/** Songs in a playlist page's first call: more than a tall screen shows, so the page opens full. */
export const PLAYLIST_FIRST_SONGS = 50;

/**
 * What a listener page asks for first: its code (the module under web/, as web/router.tsx imports
 * it) and the API call its first screen waits for, exactly as the page makes it. The server names
 * both in `Link` headers on the page's HTML, so the browser fetches them while the app starts
 * instead of one after the other.
 */
export const PAGE_HINTS: Partial<
  Record<ClientRoute, { module: string; data?: (params: Record<string, string>) => string }>
> = {
  '/': { module: 'features/home/home-page.tsx', data: () => '/api/home' },
  '/viewPlaylist/:id': {
    module: 'features/playlist/playlist-page.tsx',
    data: ({ id }) => `/api/playlists/${id}?limit=${PLAYLIST_FIRST_SONGS}`,
  },
  '/viewArtistSongs/:id': {
    module: 'features/artist/artist-page.tsx',
    data: ({ id }) => `/api/artists/${id}`,
  },
  '/album/:id': { module: 'features/album/album-page.tsx', data: ({ id }) => `/api/albums/${id}` },
  '/AllArtist': { module: 'features/all-artists/all-artists-page.tsx' },
  '/search': { module: 'features/search/search-page.tsx' },
  '/profile': { module: 'features/profile/profile-page.tsx' },
  '/likedSongs': { module: 'features/liked/liked-songs-page.tsx' },
};
