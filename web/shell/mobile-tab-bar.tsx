import { Crown, Home, Library, Search, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { Link } from '../ui/link.tsx';
import { useLibraryUi } from './library-ui.ts';

const TABS = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/search', label: 'Search', icon: Search },
] as const;

/** The pages the library opens (Liked Songs, a playlist): on them, Your Library is the tab. */
function isLibraryPage(path: string): boolean {
  return path === '/likedSongs' || path.startsWith('/viewPlaylist/');
}

const tabClass = (active: boolean) =>
  `flex flex-col items-center gap-1 ${active ? 'text-white' : 'text-muted'}`;

/**
 * A tab's link, marked as the current page while it is: its path (in any case, as the router
 * matches paths), or for tabs other than Home a page under it.
 */
function TabLink({ to, children }: { to: string; children: ReactNode }) {
  const path = useLocation().pathname.toLowerCase();
  const target = to.toLowerCase();
  const active = path === target || (target !== '/' && path.startsWith(`${target}/`));
  return (
    <Link to={to} aria-current={active ? 'page' : undefined} className={tabClass(active)}>
      {children}
    </Link>
  );
}

/** The bottom tab bar on small screens. */
export function MobileTabBar() {
  const { isAuth } = useSession();
  const drawerOpen = useLibraryUi((state) => state.drawerOpen);
  const setDrawerOpen = useLibraryUi((state) => state.setDrawerOpen);
  const inLibrary = isLibraryPage(useLocation().pathname);
  return (
    <nav aria-label="Tabs" className="flex justify-around bg-black/95 py-2 text-xs md:hidden">
      {TABS.map(({ to, label, icon: Icon }) => (
        <TabLink key={label} to={to}>
          <Icon className="size-6" />
          {label}
        </TabLink>
      ))}
      {/* The library drawer: playlists, liked songs and artists, or the way in when logged out. */}
      <button
        type="button"
        aria-current={inLibrary ? 'page' : undefined}
        className={tabClass(drawerOpen || inLibrary)}
        onClick={() => setDrawerOpen(true)}
      >
        <Library className="size-6" />
        Your Library
      </button>
      <button
        type="button"
        className={tabClass(false)}
        onClick={() => notify.info('Chorus has no paid plans: every listener gets every feature.')}
      >
        <Crown className="size-6" />
        Premium
      </button>
      <TabLink to={isAuth ? '/profile' : '/login'}>
        <User className="size-6" />
        Profile
      </TabLink>
    </nav>
  );
}
