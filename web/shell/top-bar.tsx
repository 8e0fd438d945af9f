import { ArrowDownCircle, Home, Menu } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { logout, useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { SearchBox } from './search-box.tsx';

const NO_PREMIUM = 'Chorus has no paid plans: every listener gets every feature.';

function installApp() {
  notify.info(
    "To install Chorus, use your browser's 'Install app' or 'Add to Home screen' option.",
  );
}

const menuItem =
  'flex w-full cursor-pointer items-center rounded-sm px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-white/10';
const menuContent = 'z-50 min-w-48 rounded-md bg-[#282828] p-1 text-white shadow-xl';

/** SPEC §2.13: the top bar of everyone but administrators. */
export function TopBar() {
  const { isAuth, user } = useSession();
  const navigate = useNavigate();

  async function onLogout() {
    try {
      await logout();
    } catch (error) {
      console.error('logout failed', error);
    }
    queryClient.clear();
    navigate('/');
  }

  return (
    <header className="flex h-16 items-center gap-3 px-4">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label="Menu"
          className="grid size-10 place-items-center rounded-full text-muted hover:text-white md:hidden"
        >
          <Menu className="size-6" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={6} className={menuContent}>
            <DropdownMenu.Item className={menuItem} onSelect={() => navigate('/')}>
              Home
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItem} onSelect={() => notify.info(NO_PREMIUM)}>
              Explore Premium
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItem} onSelect={installApp}>
              Install App
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={menuItem}
              onSelect={() => notify.info('For help, ask the people who run this Chorus server.')}
            >
              Support
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
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
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              aria-label="Profile menu"
              className="grid size-10 place-items-center rounded-full border-4 border-elevated bg-brand font-bold text-black hover:scale-105"
            >
              {(user?.name ?? '?').slice(0, 1).toUpperCase()}
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={6} className={menuContent}>
                <DropdownMenu.Item className={menuItem} onSelect={() => navigate('/profile')}>
                  Profile
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
                <DropdownMenu.Item className={menuItem} onSelect={onLogout}>
                  Log out
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
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
