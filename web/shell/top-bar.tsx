import { Home } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { SearchBox } from './search-box.tsx';

/** SPEC §2.13. The account menus arrive with the accounts feature; this is the frame. */
export function TopBar() {
  const { isAuth, user } = useSession();
  const navigate = useNavigate();
  return (
    <header className="flex h-16 items-center gap-3 px-4">
      <button
        type="button"
        aria-label="Home"
        onClick={() => navigate('/')}
        className="grid size-12 place-items-center rounded-full bg-elevated hover:scale-105"
      >
        <Home className="size-6" />
      </button>
      <SearchBox />
      <div className="ml-auto flex items-center gap-3">
        {isAuth ? (
          <Link
            to="/profile"
            className="grid size-10 place-items-center rounded-full bg-brand font-bold text-black"
          >
            {(user?.name ?? '?').slice(0, 1).toUpperCase()}
          </Link>
        ) : (
          <>
            <Link to="/signup" className="text-sm font-bold text-muted hover:text-white">
              Sign up
            </Link>
            <Link
              to="/login"
              className="rounded-full bg-white px-6 py-3 text-sm font-bold text-black hover:scale-105"
            >
              Log in
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
