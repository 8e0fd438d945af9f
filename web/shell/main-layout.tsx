import { Outlet } from 'react-router';
import { PlayerBar } from '../player/player-bar.tsx';
import { LibraryDrawerButton, LibrarySidebar } from './library-sidebar.tsx';
import { MobileTabBar } from './mobile-tab-bar.tsx';
import { TopBar } from './top-bar.tsx';

/** Sidebar, top bar and page; the player below survives every navigation inside it. */
export function MainLayout() {
  return (
    <div className="flex h-full flex-col bg-black">
      <div className="flex min-h-0 flex-1 gap-2 p-2">
        <LibrarySidebar />
        <main className="scrollbar-thin min-w-0 flex-1 overflow-y-auto rounded-lg bg-gradient-to-b from-[#1f1f1f] to-surface">
          <TopBar />
          <LibraryDrawerButton />
          <Outlet />
        </main>
      </div>
      <PlayerBar />
      <MobileTabBar />
    </div>
  );
}
