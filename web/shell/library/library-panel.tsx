import { Library, Plus, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useSession } from '../../lib/session.ts';
import { useLibraryUi } from '../library-ui.ts';
import { CreatePlaylistLogin } from './create-playlist-login.tsx';
import { LoggedInLibrary } from './logged-in-library.tsx';
import { LoggedOutLibrary } from './logged-out-library.tsx';

/** The library's header (fold, create, close) over the listener's library or the invitation to log in. */
export function LibraryPanel({ collapsed, inDrawer }: { collapsed: boolean; inDrawer: boolean }) {
  const { isAuth } = useSession();
  const setCollapsed = useLibraryUi((state) => state.setCollapsed);
  const setDrawerOpen = useLibraryUi((state) => state.setDrawerOpen);
  const setCreating = useLibraryUi((state) => state.setCreating);
  // Creating opens the details dialog over the current page; a visitor is asked to log in first.
  const plusButton = (
    <button
      type="button"
      aria-label="Create a new playlist"
      title="Create playlist"
      onClick={() => {
        if (!isAuth) return;
        setDrawerOpen(false);
        setCreating(true);
      }}
      className={`grid size-8 place-items-center rounded-full text-muted hover:bg-highlight hover:text-white ${
        collapsed ? '' : 'ml-auto'
      }`}
    >
      <Plus className="size-5" />
    </button>
  );
  return (
    <>
      <div className={`flex items-center gap-2 ${collapsed ? 'flex-col' : ''}`}>
        <button
          type="button"
          onClick={() => (inDrawer ? setDrawerOpen(false) : setCollapsed(!collapsed))}
          aria-label={
            inDrawer
              ? 'Close Your Library'
              : collapsed
                ? 'Expand Your Library'
                : 'Collapse Your Library'
          }
          aria-expanded={inDrawer ? true : !collapsed}
          className="flex items-center gap-2 font-bold text-muted hover:text-white"
        >
          <Library className="size-6" />
          {!collapsed && <span>Your Library</span>}
        </button>
        {isAuth ? (
          plusButton
        ) : (
          <CreatePlaylistLogin side={collapsed ? 'right' : 'bottom'}>
            {plusButton}
          </CreatePlaylistLogin>
        )}
        {inDrawer && (
          <Dialog.Close
            aria-label="Close"
            className="ml-2 grid size-8 place-items-center rounded-full text-muted hover:text-white"
          >
            <X className="size-5" />
          </Dialog.Close>
        )}
      </div>
      {isAuth ? (
        <LoggedInLibrary collapsed={collapsed} />
      ) : (
        !collapsed && <LoggedOutLibrary inDrawer={inDrawer} />
      )}
    </>
  );
}
