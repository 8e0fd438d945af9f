import {
  type ComponentType,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import {
  createPath,
  matchRoutes,
  Navigate,
  type NavigateOptions,
  NavigationType,
  type Navigator,
  type Params,
  parsePath,
  type RouteObject,
  Router,
  type To,
  useRoutes,
} from 'react-router';
import { pageTitle } from '../contract/rules/page-title.ts';
import { BrowserHistory } from './lib/browser-history.ts';
import { useSession } from './lib/session.ts';
import { isStaleCodeError, recoverFromStaleCode } from './lib/stale-code.ts';
import { notify } from './lib/toast.ts';
import { NotFoundPage, RouteErrorBoundary } from './shell/error-page.tsx';
import { LoggedOutOnly } from './shell/logged-out-only.tsx';
import { MainLayout } from './shell/main-layout.tsx';
import { keepScrollOnNext } from './shell/scroll-memory.ts';

/** How long showing a page waits for the data its `prefetch` asked for. */
const DATA_WAIT_MS = 300;

interface PageComponent {
  (): ReactNode;
  /**
   * Loads the page's code; once loaded, the page renders without suspending. With the address's
   * `params`, a page module's `prefetch(params)` export asks for its data at once, and this waits
   * up to DATA_WAIT_MS for it.
   */
  preload(params?: Params): Promise<unknown>;
}

/*
 * Routes in React Router's declarative mode: every page is its own chunk, loaded when first
 * shown (navigations are transitions, so the old page stays until the new one is ready). The
 * data-router machinery (loaders, actions, fetchers) would weigh on every listener's first load
 * (within the bundle budget of `npm run bench -- bundle`), and Chorus loads its data with
 * TanStack Query instead.
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  /** The tab's title (web/lib/page-title.ts); a page named by its data sets its own. */
  title?: string,
): PageComponent {
  let loaded: ComponentType | null = null;
  const preload = async (params?: Params) => {
    const module = await load().catch((error: unknown) => {
      // Code of an older build (a deploy happened since this page opened): reload once.
      if (isStaleCodeError(error)) recoverFromStaleCode();
      throw error;
    });
    loaded = module[name];
    // A page module may ask for its data as soon as its code is here (`prefetch`); the first
    // render waits a moment for it, as a data router's loader would, so the page renders with its
    // content instead of a loading state (and then a second render).
    const data = params
      ? (module as { prefetch?: (params: Params) => Promise<unknown> | undefined }).prefetch?.(
          params,
        )
      : undefined;
    if (data)
      await Promise.race([data, new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS))]);
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // A page whose code is here renders at once: a lazy one that suspends shows its fallback, and
  // React then holds every Suspense reveal for 300 ms after a fallback (FALLBACK_THROTTLE_MS).
  // Each mount keeps its first choice, so a page shown through `Lazy` is never remounted.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, as React.lazy is
  const Page = () => {
    const [direct] = useState(() => loaded);
    useEffect(() => {
      if (title !== undefined) document.title = pageTitle(title);
    }, []);
    return direct ? createElement(direct) : <Lazy />;
  };
  Page.preload = preload;
  return Page;
}

const LoginPage = page(() => import('./features/auth/login-page.tsx'), 'LoginPage', 'Log in');
const OtpPage = page(() => import('./features/auth/otp-page.tsx'), 'OtpPage', 'Log in');
const PasswordLoginPage = page(
  () => import('./features/auth/password-login-page.tsx'),
  'PasswordLoginPage',
  'Log in',
);
const ForgotPasswordPage = page(
  () => import('./features/auth/forgot-password-page.tsx'),
  'ForgotPasswordPage',
  'Reset your password',
);
const AdminLoginPage = page(
  () => import('./features/auth/admin-login-page.tsx'),
  'AdminLoginPage',
  'Admin Login',
);
const SignupPage = page(() => import('./features/signup/signup-page.tsx'), 'SignupPage', 'Sign up');
const CreatePassPage = page(
  () => import('./features/signup/create-pass-page.tsx'),
  'CreatePassPage',
  'Sign up',
);
const ProfileInfoPage = page(
  () => import('./features/signup/profile-info-page.tsx'),
  'ProfileInfoPage',
  'Sign up',
);
const TermsPage = page(() => import('./features/signup/terms-page.tsx'), 'TermsPage', 'Sign up');
const AddPlaylistPage = page(
  () => import('./features/library/add-playlist-page.tsx'),
  'AddPlaylistPage',
  'Create playlist',
);
const SongFullScreenPage = page(
  () => import('./features/fullscreen/song-full-screen-page.tsx'),
  'SongFullScreenPage',
  'Now playing',
);
const HomePage = page(() => import('./features/home/home-page.tsx'), 'HomePage', '');
const ProfilePage = page(
  () => import('./features/profile/profile-page.tsx'),
  'ProfilePage',
  'Profile',
);
const AllArtistsPage = page(
  () => import('./features/all-artists/all-artists-page.tsx'),
  'AllArtistsPage',
  'Artists',
);
const PlaylistPage = page(() => import('./features/playlist/playlist-page.tsx'), 'PlaylistPage');
const ArtistPage = page(() => import('./features/artist/artist-page.tsx'), 'ArtistPage');
const AlbumPage = page(() => import('./features/album/album-page.tsx'), 'AlbumPage');
// Named by what it shows: 'Search', or the genre whose songs it lists.
const SearchPage = page(() => import('./features/search/search-page.tsx'), 'SearchPage');
const LikedSongsPage = page(
  () => import('./features/liked/liked-songs-page.tsx'),
  'LikedSongsPage',
  'Liked Songs',
);
// Admin code is only ever fetched behind the gate, never for listeners.
const AdminGate = page(() => import('./shell/admin-gate.tsx'), 'AdminGate');
const DashboardPage = page(
  () => import('./features/admin/dashboard-page.tsx'),
  'DashboardPage',
  'Dashboard',
);
const UsersPage = page(() => import('./features/admin/users-page.tsx'), 'UsersPage', 'Users');
const SongsPage = page(() => import('./features/admin/songs-page.tsx'), 'SongsPage', 'Songs');
const ArtistsPage = page(
  () => import('./features/admin/artists-page.tsx'),
  'ArtistsPage',
  'Artists',
);
const EditArtistPage = page(
  () => import('./features/admin/edit-artist-page.tsx'),
  'EditArtistPage',
  'Edit artist',
);

/** Administrators get only the admin area and no top bar. */
function ListenerArea() {
  const { isAdmin } = useSession();
  if (isAdmin) return <Navigate to="/admin_dashboard" replace />;
  return <MainLayout />;
}

export const routes: RouteObject[] = [
  {
    // A logged-in listener who opens these goes home (the admin login stays open to anyone).
    element: <LoggedOutOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/otpSection', element: <OtpPage /> },
      { path: '/loginWithPass', element: <PasswordLoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/createPass', element: <CreatePassPage /> },
      { path: '/profileinfo', element: <ProfileInfoPage /> },
      { path: '/terms&conditions', element: <TermsPage /> },
    ],
  },
  { path: '/forgotPassword', element: <ForgotPasswordPage /> },
  { path: '/adminLogin', element: <AdminLoginPage /> },
  { path: '/addPlaylist', element: <AddPlaylistPage /> },
  { path: '/SongFullScreen', element: <SongFullScreenPage /> },
  {
    path: '/',
    element: <ListenerArea />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'AllArtist', element: <AllArtistsPage /> },
      { path: 'viewPlaylist/:id', element: <PlaylistPage /> },
      { path: 'viewArtistSongs/:id', element: <ArtistPage /> },
      { path: 'album/:id', element: <AlbumPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'likedSongs', element: <LikedSongsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <AdminGate />,
    children: [
      { path: '/admin_dashboard', element: <DashboardPage /> },
      { path: '/admin_users', element: <UsersPage /> },
      { path: '/admin_songs', element: <SongsPage /> },
      { path: '/admin_artist', element: <ArtistsPage /> },
      { path: '/admin_artist_edit/:id', element: <EditArtistPage /> },
    ],
  },
];

/**
 * Loads the code of the pages the address shows (waiting at most `capMs`, or for all of it with
 * null), so the first render shows the page with the shell instead of a fallback that holds the
 * page back 300 ms. With `data` (the
 * default) each page also asks for its data; the server, which hands the data in itself, does not.
 */
export function preloadRoute(
  pathname: string,
  capMs: number | null = 500,
  data = true,
): Promise<unknown> {
  const matches = (matchRoutes(routes, pathname) ?? []).map((match) => ({
    type: (match.route.element as { type?: unknown } | undefined)?.type,
    params: match.params,
  }));
  // Admin pages load only once the gate has let the caller in.
  if (matches.some((match) => match.type === AdminGate)) return Promise.resolve();
  const loads = matches.flatMap(({ type, params }) => {
    const preload = (type as Partial<PageComponent> | undefined)?.preload;
    return preload ? [preload(data ? params : undefined).catch(() => undefined)] : [];
  });
  if (capMs === null) return Promise.all(loads);
  return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, capMs))]);
}

function AppRoutes() {
  return useRoutes(routes);
}

/*
 * Navigation fetches the new page's code first and only then changes the address and the
 * screen, as React Router's data router did: the address never names a page that is not shown
 * yet (and a form being left cannot be typed into under the next page's address).
 */
let history: BrowserHistory | null = null;
/** Made on first use: the server renders pages too (web/ssr), where there is no window. */
function browserHistory(): BrowserHistory {
  history ??= new BrowserHistory();
  return history;
}
let latestNavigation = 0;

function whenReady(to: To, go: () => void): void {
  const ticket = ++latestNavigation;
  const { pathname = '/' } = typeof to === 'string' ? parsePath(to) : to;
  // Going on when the code failed to load lets the error boundary say so. Of quick successive
  // navigations only the last one happens.
  const proceed = () => {
    if (ticket === latestNavigation) go();
  };
  preloadRoute(pathname, 10_000).then(proceed, proceed);
}

/** Toasts of the page being left close as the navigation starts (rules in web/lib/toast.ts). */
function leave(to: To): void {
  const { pathname } = typeof to === 'string' ? parsePath(to) : to;
  if (pathname && pathname !== browserHistory().location.pathname) notify.navigated();
}

/** A push or replace, once the next page's code is here; `preventScrollReset` leaves the pane still. */
function change(
  how: 'push' | 'replace',
  to: To,
  state: unknown,
  options: NavigateOptions | undefined,
): void {
  leave(to);
  whenReady(to, () => {
    if (options?.preventScrollReset) keepScrollOnNext();
    browserHistory()[how](to, state);
  });
}

const navigator: Navigator = {
  createHref: (to) => browserHistory().createHref(to),
  encodeLocation: (to) => browserHistory().encodeLocation(to),
  go: (delta) => browserHistory().go(delta),
  push: (to, state, options) => change('push', to, state, options),
  replace: (to, state, options) => change('replace', to, state, options),
};

/** The pages under whatever router is around them (the browser's, or the server's). */
function Pages() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The whole app's routing; a page that fails (or fails to load) shows the error page. */
export function AppRouter() {
  const [state, setState] = useState(() => ({
    action: browserHistory().action,
    location: browserHistory().location,
  }));
  // Back and forward change the address at once; the old page stays until the new one is ready.
  useLayoutEffect(
    () =>
      browserHistory().listen(({ action, location }) => {
        if (action === NavigationType.Pop) notify.navigated();
        startTransition(() => setState({ action, location }));
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      <Pages />
    </Router>
  );
}

/** Links' addresses on the server, which renders one page and goes nowhere. */
const serverNavigator: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  encodeLocation(to) {
    const url = new URL(typeof to === 'string' ? to : createPath(to), 'http://localhost');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  },
  go() {},
  push() {},
  replace() {},
};

/** The pages at `url` as the server renders them (web/ssr): the same tree, nowhere to navigate. */
export function StaticRouter({ url }: { url: string }) {
  return (
    <Router location={url} navigator={serverNavigator} static>
      <Pages />
    </Router>
  );
}
