import { Heart, Library, MoreHorizontal, Plus, Search, X } from 'lucide-react';
import { AlertDialog, Dialog, DropdownMenu, Popover, Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PlaylistSummary } from '../../contract/playlists.ts';
import { PlaylistDetailsDialog } from '../features/library/playlist-details-dialog.tsx';
import { errorMessage } from '../lib/api.ts';
import {
  useDeletePlaylist,
  useLibraryArtists,
  useLikedIds,
  useMyPlaylists,
  useUpdatePlaylist,
} from '../lib/library-queries.ts';
import { useSession } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { CoverImage } from '../ui/cover-image.tsx';
import { useLibraryUi } from './library-ui.ts';

/** SPEC §9: the Artists tab shows the first 4 followed artists. */
const ARTISTS_SHOWN = 4;
function playlistCover(playlist: PlaylistSummary): string | null {
  return playlist.coverImage ?? playlist.covers[0] ?? null;
}

function LoggedOutLibrary() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-1 flex-col gap-4">
      <div className="rounded-lg bg-elevated p-4">
        <p className="font-bold">Create your first playlist</p>
        <p className="mt-1 text-sm text-muted">It's easy, we'll help you</p>
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button
              type="button"
              className="mt-4 rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
            >
              Create playlist
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              side="right"
              align="start"
              sideOffset={12}
              className="z-50 w-80 rounded-lg bg-[#0d72ea] p-4 text-white shadow-xl"
            >
              <h2 className="text-lg font-bold">Please Login</h2>
              <p className="mt-2 text-sm">
                You need to be logged in to create a playlist. Please log in to continue.
              </p>
              <div className="mt-4 flex justify-end gap-2">
                <Popover.Close className="rounded-full px-4 py-1.5 text-sm font-bold hover:scale-105">
                  Cancel
                </Popover.Close>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    navigate('/login');
                  }}
                  className="rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
                >
                  Login
                </button>
              </div>
              <Popover.Arrow className="fill-[#0d72ea]" />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <div className="rounded-lg bg-elevated p-4">
        <p className="font-bold">Let's find some podcasts to follow</p>
        <p className="mt-1 text-sm text-muted">We'll keep you updated on new episodes</p>
        <button
          type="button"
          onClick={() => notify.info('Podcasts are not part of Chorus yet')}
          className="mt-4 rounded-full bg-white px-4 py-1.5 text-sm font-bold text-black hover:scale-105"
        >
          Browse podcasts
        </button>
      </div>
      <footer className="mt-auto flex flex-wrap gap-x-4 gap-y-2 px-2 pb-2 text-xs text-muted">
        {[
          'Legal',
          'Safety & Privacy Center',
          'Privacy Policy',
          'Cookies',
          'About Ads',
          'Accessibility',
        ].map((label) => (
          <Link key={label} to="/terms&conditions" className="hover:underline">
            {label}
          </Link>
        ))}
      </footer>
    </div>
  );
}

function PlaylistMenu({
  playlist,
  onEdit,
  onDelete,
}: {
  playlist: PlaylistSummary;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`More options for ${playlist.name}`}
        className="grid size-8 shrink-0 place-items-center rounded-full text-muted opacity-0 group-hover:opacity-100 hover:text-white focus:opacity-100 data-[state=open]:opacity-100"
      >
        <MoreHorizontal className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          className="z-50 min-w-44 rounded-md bg-highlight p-1 text-sm text-white shadow-xl"
        >
          <DropdownMenu.Item
            onSelect={onEdit}
            className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-white/10"
          >
            Edit details
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={onDelete}
            className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-white/10"
          >
            Delete playlist
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function DeleteDialog({
  playlist,
  onClose,
}: {
  playlist: PlaylistSummary | null;
  onClose(): void;
}) {
  const remove = useDeletePlaylist();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AlertDialog.Root open={playlist !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-elevated p-6 text-white shadow-2xl">
          <AlertDialog.Title className="text-lg font-bold">
            Are you sure you want to delete "{playlist?.name}"?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            This action cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-full px-5 py-2 font-bold text-muted hover:text-white">
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => {
                if (!playlist) return;
                remove.mutate(playlist._id, {
                  onSuccess: () => {
                    notify.success('Playlist deleted');
                    if (location.pathname === `/viewPlaylist/${playlist._id}`) navigate('/');
                    onClose();
                  },
                  onError: (error) =>
                    notify.error(errorMessage(error, 'Failed to delete playlist')),
                });
              }}
              className="rounded-full bg-red-600 px-5 py-2 font-bold text-white hover:bg-red-500 disabled:opacity-50"
            >
              Delete
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function EditDialog({ playlist, onClose }: { playlist: PlaylistSummary | null; onClose(): void }) {
  const update = useUpdatePlaylist();
  if (!playlist) return null;
  return (
    <PlaylistDetailsDialog
      key={playlist._id}
      open
      mode="edit"
      initial={playlist}
      saving={update.isPending}
      error={update.error ? errorMessage(update.error, 'Failed to save playlist') : null}
      onClose={() => {
        update.reset();
        onClose();
      }}
      onSave={(details) =>
        update.mutate(
          { id: playlist._id, ...details },
          {
            onSuccess: () => {
              update.reset();
              onClose();
            },
          },
        )
      }
    />
  );
}

function LoggedInLibrary({ collapsed }: { collapsed: boolean }) {
  const playlists = useMyPlaylists();
  const artists = useLibraryArtists();
  const liked = useLikedIds();
  const [tab, setTab] = useState('playlists');
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<PlaylistSummary | null>(null);
  const [deleting, setDeleting] = useState<PlaylistSummary | null>(null);
  const close = () => useLibraryUi.getState().setDrawerOpen(false);

  const needle = query.trim().toLowerCase();
  const matches = (name: string) => name.toLowerCase().includes(needle);
  const shownPlaylists = (playlists.data ?? []).filter((playlist) => matches(playlist.name));
  const showLiked = matches('Liked Songs');
  const shownArtists = (artists.data ?? [])
    .slice(0, ARTISTS_SHOWN)
    .filter((artist) => matches(artist.name));
  const likedCount = liked.data?.size ?? 0;

  const dialogs = (
    <>
      <EditDialog playlist={editing} onClose={() => setEditing(null)} />
      <DeleteDialog playlist={deleting} onClose={() => setDeleting(null)} />
    </>
  );

  if (collapsed) {
    return (
      <nav aria-label="Your playlists" className="flex flex-col items-center gap-2">
        <Link to="/likedSongs" aria-label="Liked Songs" title="Liked Songs" onClick={close}>
          <span className="grid size-12 place-items-center rounded bg-gradient-to-br from-indigo-700 to-sky-300">
            <Heart className="size-5 fill-white" />
          </span>
        </Link>
        {(playlists.data ?? []).map((playlist) => (
          <Link
            key={playlist._id}
            to={`/viewPlaylist/${playlist._id}`}
            aria-label={playlist.name}
            title={playlist.name}
          >
            <CoverImage
              src={playlistCover(playlist)}
              alt=""
              sizes="48px"
              className="size-12 rounded object-cover"
            />
          </Link>
        ))}
        {dialogs}
      </nav>
    );
  }

  const noResults = (
    <p className="px-2 py-4 text-sm text-muted">No results found for "{query.trim()}"</p>
  );

  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col gap-3">
      <Tabs.List aria-label="Library filters" className="flex gap-2">
        {[
          ['playlists', 'Playlists'],
          ['artists', 'Artists'],
        ].map(([value, label]) => (
          <Tabs.Trigger
            key={value}
            value={value!}
            className="rounded-full bg-highlight px-3 py-1 text-sm data-[state=active]:bg-white data-[state=active]:text-black"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <label className="flex items-center gap-2 rounded bg-highlight px-2 py-1.5 text-sm text-muted focus-within:ring-1 focus-within:ring-white">
        <Search className="size-4 shrink-0" />
        <input
          type="search"
          aria-label="Search in Your Library"
          placeholder="Search in Your Library"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="min-w-0 flex-1 bg-transparent text-white outline-none placeholder:text-muted"
        />
      </label>
      <Tabs.Content value="playlists" className="scrollbar-thin min-h-0 flex-1 overflow-y-auto">
        <ul aria-label="Playlists" className="flex flex-col">
          {showLiked && (
            <li className="group flex items-center gap-3 rounded p-2 hover:bg-highlight">
              <Link
                to="/likedSongs"
                onClick={close}
                className="flex min-w-0 flex-1 items-center gap-3"
              >
                <span className="grid size-12 shrink-0 place-items-center rounded bg-gradient-to-br from-indigo-700 to-sky-300">
                  <Heart className="size-5 fill-white" />
                </span>
                <span className="min-w-0">
                  <span className="block truncate">Liked Songs</span>
                  <span className="block truncate text-sm text-muted">
                    Playlist · {likedCount} {likedCount === 1 ? 'song' : 'songs'}
                  </span>
                </span>
              </Link>
            </li>
          )}
          {shownPlaylists.map((playlist) => (
            <li
              key={playlist._id}
              data-testid="library-playlist"
              className="group flex items-center gap-3 rounded p-2 hover:bg-highlight"
            >
              <Link
                to={`/viewPlaylist/${playlist._id}`}
                onClick={close}
                className="flex min-w-0 flex-1 items-center gap-3"
              >
                <CoverImage
                  src={playlistCover(playlist)}
                  alt=""
                  sizes="48px"
                  className="size-12 shrink-0 rounded object-cover"
                />
                <span className="min-w-0">
                  <span className="block truncate">{playlist.name}</span>
                  <span className="block truncate text-sm text-muted">
                    Playlist · {playlist.creator.name}
                  </span>
                </span>
              </Link>
              <PlaylistMenu
                playlist={playlist}
                onEdit={() => setEditing(playlist)}
                onDelete={() => setDeleting(playlist)}
              />
            </li>
          ))}
        </ul>
        {playlists.isPending && <p className="px-2 py-4 text-sm text-muted">Loading playlists…</p>}
        {playlists.error && (
          <p className="px-2 py-4 text-sm text-red-400">Failed to fetch playlists</p>
        )}
        {needle && !showLiked && shownPlaylists.length === 0 && playlists.data && noResults}
      </Tabs.Content>
      <Tabs.Content value="artists" className="scrollbar-thin min-h-0 flex-1 overflow-y-auto">
        <ul aria-label="Artists" className="flex flex-col">
          {shownArtists.map((artist) => (
            <li key={artist._id}>
              <Link
                to={`/viewArtistSongs/${artist._id}`}
                onClick={close}
                className="flex items-center gap-3 rounded p-2 hover:bg-highlight"
              >
                <CoverImage
                  src={artist.image}
                  alt=""
                  sizes="48px"
                  fallback="/default-profile.svg"
                  className="size-12 shrink-0 rounded-full object-cover"
                />
                <span className="min-w-0">
                  <span className="block truncate">{artist.name}</span>
                  <span className="block text-sm text-muted">Artist</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {artists.data && artists.data.length === 0 && !needle && (
          <p className="px-2 py-4 text-sm text-muted">Artists you follow will show up here.</p>
        )}
        {needle && artists.data && shownArtists.length === 0 && noResults}
      </Tabs.Content>
      {dialogs}
    </Tabs.Root>
  );
}

function LibraryPanel({ collapsed, inDrawer }: { collapsed: boolean; inDrawer: boolean }) {
  const { isAuth } = useSession();
  const setCollapsed = useLibraryUi((state) => state.setCollapsed);
  const setDrawerOpen = useLibraryUi((state) => state.setDrawerOpen);
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
        {isAuth && (
          <Link
            to="/addPlaylist"
            aria-label="Create playlist"
            title="Create playlist"
            onClick={() => setDrawerOpen(false)}
            className={`grid size-8 place-items-center rounded-full text-muted hover:bg-highlight hover:text-white ${
              collapsed ? '' : 'ml-auto'
            }`}
          >
            <Plus className="size-5" />
          </Link>
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
      {isAuth ? <LoggedInLibrary collapsed={collapsed} /> : !collapsed && <LoggedOutLibrary />}
    </>
  );
}

/**
 * The library (SPEC §2.5): a sidebar from 768 px, collapsible to a narrow rail (and collapsed by
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
    </>
  );
}
