import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useHydrated } from '../lib/hydrated.ts';
import { PlayerDock } from '../player/player-dock.tsx';
import { RouteErrorBoundary } from './error-page.tsx';
import { MobileTabBar } from './mobile-tab-bar.tsx';
import { TopBar } from './top-bar.tsx';

// The library (dialogs, menus, tabs) loads beside the page instead of before it, keeping the
// listener app's first JavaScript small; a same-sized placeholder avoids a layout jump. On small
// screens it is a drawer, opened from the tab bar.
const LibrarySidebar = lazy(() =>
  import('./library/library-sidebar.tsx').then((m) => ({ default: m.LibrarySidebar })),
);

/** Sidebar, top bar and page; the player below survives every navigation inside it. */
export function MainLayout() {
  const hydrated = useHydrated();
  const sidebarPlaceholder = (
    <div className="hidden w-72 shrink-0 rounded-lg bg-surface md:block" />
  );
  return (
    <div className="flex h-full flex-col bg-black">
      <div className="flex min-h-0 flex-1 gap-2 p-2">
        <Suspense fallback={sidebarPlaceholder}>
          {hydrated ? <LibrarySidebar /> : sidebarPlaceholder}
        </Suspense>
        <main className="scrollbar-thin min-w-0 flex-1 overflow-y-auto rounded-lg bg-gradient-to-b from-[#1f1f1f] to-surface">
          <TopBar />
          {/* The shell and the player show at once and survive a page that breaks. */}
          <RouteErrorBoundary>
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
      <PlayerDock />
      <MobileTabBar />
    </div>
  );
}
