import { Dialog } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLibraryUi } from '../library-ui.ts';
import { CreatePlaylistDialog } from './create-playlist-dialog.tsx';
import { LibraryPanel } from './library-panel.tsx';

/**
 * The library: a sidebar from 768 px, collapsible to a narrow rail (and collapsed by
 * itself when the window shrinks below 1024 px); below 768 px a drawer.
 */
export function LibrarySidebar() {
  const collapsed = useLibraryUi((state) => state.collapsed);
  const drawerOpen = useLibraryUi((state) => state.drawerOpen);
  const setDrawerOpen = useLibraryUi((state) => state.setDrawerOpen);
  const location = useLocation();

  useEffect(() => {
    let wide = window.innerWidth >= 1024;
    const onResize = () => {
      const nowWide = window.innerWidth >= 1024;
      if (wide && !nowWide) useLibraryUi.getState().setCollapsed(true);
      if (window.innerWidth >= 768) useLibraryUi.getState().setDrawerOpen(false);
      wide = nowWide;
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // A page change closes the drawer; arriving does not (the tab bar may have opened it while the
  // library was still loading).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setDrawerOpen(false);
  }, [location.pathname, setDrawerOpen]);

  return (
    <>
      <aside
        aria-label="Your Library"
        className={`hidden shrink-0 flex-col gap-3 rounded-lg bg-surface p-3 md:flex ${
          collapsed ? 'w-[72px] items-center' : 'w-72'
        }`}
      >
        <LibraryPanel collapsed={collapsed} inDrawer={false} />
      </aside>
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 md:hidden" />
          <Dialog.Content
            aria-label="Your Library"
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-3 bg-surface p-3 text-white shadow-2xl md:hidden"
          >
            <Dialog.Title className="sr-only">Your Library</Dialog.Title>
            <LibraryPanel collapsed={false} inDrawer />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <CreatePlaylistDialog />
    </>
  );
}
