import { Crown, Home, Library, Search, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';

const TABS = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/search', label: 'Search', icon: Search },
  { to: '/likedSongs', label: 'Your Library', icon: Library },
  { to: '/profile', label: 'Profile', icon: User },
] as const;

const tabClass = (active: boolean) =>
  `flex flex-col items-center gap-1 ${active ? 'text-white' : 'text-muted'}`;

/** The bottom tab bar on small screens (SPEC §2.13). */
export function MobileTabBar() {
  const { isAuth } = useSession();
  return (
    <nav aria-label="Tabs" className="flex justify-around bg-black/95 py-2 text-xs md:hidden">
      {TABS.slice(0, 3).map(({ to, label, icon: Icon }) => (
        <NavLink
          key={label}
          to={to}
          end={to === '/'}
          className={({ isActive }) => tabClass(isActive)}
        >
          <Icon className="size-6" />
          {label}
        </NavLink>
      ))}
      <button
        type="button"
        className={tabClass(false)}
        onClick={() => notify.info('Chorus has no paid plans: every listener gets every feature.')}
      >
        <Crown className="size-6" />
        Premium
      </button>
      {TABS.slice(3).map(({ to, label, icon: Icon }) => (
        <NavLink
          key={label}
          to={isAuth ? to : '/login'}
          className={({ isActive }) => tabClass(isActive)}
        >
          <Icon className="size-6" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
