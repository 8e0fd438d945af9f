import { ArrowDownCircle, Home, Menu as MenuIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { Link } from '../ui/link.tsx';
import { Menu } from '../ui/menu.tsx';
import { logOutHere } from './log-out.ts';
import { SearchBox } from './search-box.tsx';

const NO_PREMIUM = 'Chorus has no paid plans: every listener gets every feature.';

function installApp() {
  notify.info(
    "To install Chorus, use your browser's 'Install app' or 'Add to Home screen' option.",
  );
}

/** The top bar of everyone but administrators. */
export function TopBar() {
  const { isAuth, user } = useSession();
  const navigate = useNavigate();

  async function onLogout() {
    await logOutHere();
    navigate('/');
  }

  return (
    // Sticky: search, home and the account stay at hand however far the page scrolls.
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 bg-[#1c1c1c]/95 px-4 backdrop-blur">
      <Menu
        label="Menu"
        align="start"
        triggerClassName="grid size-10 place-items-center rounded-full text-muted hover:text-white md:hidden"
        items={[
          { label: 'Home', onSelect: () => navigate('/') },
          { label: 'Explore Premium', onSelect: () => notify.info(NO_PREMIUM) },
          { label: 'Install App', onSelect: installApp },
          {
            label: 'Support',
            onSelect: () => notify.info('For help, ask the people who run this Chorus server.'),
          },
        ]}
      >
        <MenuIcon className="size-6" />
      </Menu>
      <button
        type="button"
        aria-label="Home"
        onClick={() => navigate('/')}
        className="grid size-12 shrink-0 place-items-center rounded-full bg-elevated hover:scale-105"
      >
        <Home className="size-6" />
      </button>
      <SearchBox />
      <div className="ml-auto flex items-center gap-3">
        {isAuth ? (
          <Menu
            label="Profile menu"
            align="end"
            triggerClassName="grid size-10 place-items-center rounded-full border-4 border-elevated bg-brand font-bold text-black hover:scale-105"
            items={[
              { label: 'Profile', onSelect: () => navigate('/profile') },
              { label: 'Log out', onSelect: onLogout, separated: true },
            ]}
          >
            {(user?.name ?? '?').slice(0, 1).toUpperCase()}
          </Menu>
        ) : (
          <>
            <button
              type="button"
              onClick={() => notify.info(NO_PREMIUM)}
              className="hidden rounded-full bg-white px-4 py-2 text-sm font-bold text-black hover:scale-105 lg:block"
            >
              Explore Premium
            </button>
            <button
              type="button"
              onClick={installApp}
              className="hidden items-center gap-1 text-sm font-bold text-muted hover:text-white lg:flex"
            >
              <ArrowDownCircle className="size-4" /> Install App
            </button>
            <nav aria-label="Account" className="flex items-center gap-3">
              <Link to="/signup" className="text-sm font-bold text-muted hover:text-white">
                Sign up
              </Link>
              <Link
                to="/login"
                className="rounded-full bg-white px-6 py-3 text-sm font-bold text-black hover:scale-105"
              >
                Log in
              </Link>
            </nav>
          </>
        )}
      </div>
    </header>
  );
}
