import { create } from 'zustand';

const COLLAPSED_KEY = 'chorus-library-collapsed';

interface LibraryUi {
  collapsed: boolean;
  drawerOpen: boolean;
  /** The create-playlist dialog, open over whatever page is showing. */
  creating: boolean;
  setCollapsed(collapsed: boolean): void;
  setDrawerOpen(open: boolean): void;
  setCreating(creating: boolean): void;
}

/**
 * The library's own state: the sidebar folded to icons, and the drawer that stands in for it on
 * small screens. Kept apart from the sidebar so the tab bar can open the drawer without loading
 * the sidebar's code first.
 */
export const useLibraryUi = create<LibraryUi>((set) => ({
  collapsed: typeof localStorage !== 'undefined' && localStorage.getItem(COLLAPSED_KEY) === 'true',
  drawerOpen: false,
  creating: false,
  setCollapsed(collapsed) {
    localStorage.setItem(COLLAPSED_KEY, String(collapsed));
    set({ collapsed });
  },
  setDrawerOpen(drawerOpen) {
    set({ drawerOpen });
  },
  setCreating(creating) {
    set({ creating });
  },
}));
