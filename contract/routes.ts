/**
 * Every path the web app answers (SPEC §2.1 plus Chorus's own pages). The server uses the list to
 * answer known pages with 200 and anything else with the app's 404 page and a 404 status.
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
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${pattern}/?$`);
});

/** Whether a (decoded) path is one of the app's pages. */
export function isClientRoute(path: string): boolean {
  return matchers.some((matcher) => matcher.test(path));
}
