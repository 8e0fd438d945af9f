import { lazy, Suspense, useRef } from 'react';
import { Outlet } from 'react-router';
import { useHydrated } from '../lib/hydrated.ts';
import { PlayerDock } from '../player/player-dock.tsx';
import { RouteErrorBoundary } from './error-page.tsx';
import { MobileTabBar } from './mobile-tab-bar.tsx';
import { useScrollMemory } from './scroll-memory.ts';
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
  // The pages scroll in the main pane, not the window, so the browser's own restoring misses them.
  const pane = useRef<HTMLElement>(null);
  useScrollMemory(pane);
  const sidebarPlaceholder = (
    <div className="hidden w-72 shrink-0 rounded-lg bg-surface md:block" />
  );
  return (
    <div className="flex h-full flex-col bg-black">
      {/* Past the sidebar and the top bar to the page; focus moves there without touching the
          address, which names pages only. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to a place in the page, as assistive technology expects; it only keeps the fragment out of the address */}
      <a
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        className="sr-only rounded bg-white px-4 py-2 font-bold text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[10001]"
      >
        Skip to main content
      </a>
      <div className="flex min-h-0 flex-1 gap-2 p-2">
        <Suspense fallback={sidebarPlaceholder}>
          {hydrated ? <LibrarySidebar /> : sidebarPlaceholder}
        </Suspense>
        {/* Positioned, so what a page places absolutely (a hidden legend) stays inside the pane
            instead of stretching the window. */}
        <main
          ref={pane}
          id="main-content"
          tabIndex={-1}
          className="scrollbar-thin relative min-w-0 flex-1 overflow-y-auto rounded-lg bg-gradient-to-b from-[#1f1f1f] to-surface outline-none"
        >
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
