import { Heart, Search } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useRef, useState } from 'react';
import type { PlaylistSummary } from '../../../contract/playlists.ts';
import { useLibraryArtists, useLikedIds, useMyPlaylists } from '../../lib/library-queries.ts';
import { CoverImage } from '../../ui/cover-image.tsx';
import { Link } from '../../ui/link.tsx';
import { useMenuGestures } from '../../ui/menu-gestures.ts';
import { useLibraryUi } from '../library-ui.ts';
import { ArtistMenu } from './artist-menu.tsx';
import { DeletePlaylistDialog } from './delete-playlist-dialog.tsx';
import { EditPlaylistDialog } from './edit-playlist-dialog.tsx';
import { PlaylistMenu } from './playlist-menu.tsx';

/** The Artists tab shows the first 4 followed artists until 'Show all'. */
const ARTISTS_SHOWN = 4;
function playlistCover(playlist: PlaylistSummary): string | null {
  return playlist.coverImage ?? playlist.covers[0] ?? null;
}

/** A listener's library: Liked Songs, playlists and followed artists, with a filter and sort. */
/** A library row's link: its picture, then its name over what it is. */
function RowLink({
  to,
  onClick,
  picture,
  title,
  subtitle,
}: {
  to: string;
  onClick: () => void;
  picture: ReactNode;
  title: string;
  subtitle: string;
}) {
  return (
    <Link to={to} onClick={onClick} className="flex min-w-0 flex-1 items-center gap-3">
      {picture}
      <span className="min-w-0">
        <span className="block truncate">{title}</span>
        <span className="block truncate text-sm text-muted">{subtitle}</span>
      </span>
    </Link>
  );
}

export function LoggedInLibrary({ collapsed }: { collapsed: boolean }) {
  const playlists = useMyPlaylists();
  const artists = useLibraryArtists();
  const liked = useLikedIds();
  const [tab, setTab] = useState('playlists');
  const [query, setQuery] = useState('');
  const [allArtists, setAllArtists] = useState(false);
  const [editing, setEditing] = useState<PlaylistSummary | null>(null);
  const [deleting, setDeleting] = useState<PlaylistSummary | null>(null);
  // Where the focus goes once a playlist is deleted from its own row's menu, row and all.
  const playlistsTab = useRef<HTMLButtonElement>(null);
  // The row whose menu a right-click or long-press opened ('playlist 3', 'artist 7').
  const [menuOf, setMenuOf] = useState<string | null>(null);
  const menuGestures = useMenuGestures();
  /** A row's gestures and its menu's open state, for the row named `key`. */
  const rowMenu = (key: string) => ({
    gestures: menuGestures(() => setMenuOf(key)),
    menu: {
      open: menuOf === key,
      onOpenChange: (open: boolean) => setMenuOf(open ? key : null),
    },
  });
  const rowClass =
    'group flex items-center gap-3 rounded p-2 [-webkit-touch-callout:none] hover:bg-highlight pointer-coarse:select-none';
  const close = () => useLibraryUi.getState().setDrawerOpen(false);

  const needle = query.trim().toLowerCase();
  const matches = (name: string) => name.toLowerCase().includes(needle);
  const shownPlaylists = (playlists.data ?? []).filter((playlist) => matches(playlist.name));
  const showLiked = matches('Liked Songs');
  // A search looks through every followed artist, not only the first few.
  const cutArtists = !allArtists && !needle;
  const followed = artists.data ?? [];
  const shownArtists = (cutArtists ? followed.slice(0, ARTISTS_SHOWN) : followed).filter((artist) =>
    matches(artist.name),
  );
  // Until the likes arrive the row names no count: "0 songs" would be a wrong figure.
  const likedSubtitle = liked.data
    ? `Playlist · ${liked.data.size} ${liked.data.size === 1 ? 'song' : 'songs'}`
    : 'Playlist';

  const dialogs = (
    <>
      <EditPlaylistDialog playlist={editing} onClose={() => setEditing(null)} />
      <DeletePlaylistDialog
        playlist={deleting}
        onClose={() => setDeleting(null)}
        returnFocusTo={playlistsTab}
      />
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
            ref={value === 'playlists' ? playlistsTab : undefined}
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
              <RowLink
                to="/likedSongs"
                onClick={close}
                picture={
                  <span className="grid size-12 shrink-0 place-items-center rounded bg-gradient-to-br from-indigo-700 to-sky-300">
                    <Heart className="size-5 fill-white" />
                  </span>
                }
                title="Liked Songs"
                subtitle={likedSubtitle}
              />
            </li>
          )}
          {shownPlaylists.map((playlist) => {
            const { gestures, menu } = rowMenu(`playlist ${playlist._id}`);
            return (
              <li
                key={playlist._id}
                data-testid="library-playlist"
                {...gestures}
                className={rowClass}
              >
                <RowLink
                  to={`/viewPlaylist/${playlist._id}`}
                  onClick={close}
                  picture={
                    <CoverImage
                      src={playlistCover(playlist)}
                      alt=""
                      sizes="48px"
                      className="size-12 shrink-0 rounded object-cover"
                    />
                  }
                  title={playlist.name}
                  subtitle={`Playlist · ${playlist.creator.name}`}
                />
                <PlaylistMenu
                  playlist={playlist}
                  onEdit={() => setEditing(playlist)}
                  onDelete={() => setDeleting(playlist)}
                  {...menu}
                />
              </li>
            );
          })}
        </ul>
        {playlists.isPending && <p className="px-2 py-4 text-sm text-muted">Loading playlists…</p>}
        {playlists.error && (
          <p className="px-2 py-4 text-sm text-red-400">Failed to fetch playlists</p>
        )}
        {needle && !showLiked && shownPlaylists.length === 0 && playlists.data && noResults}
      </Tabs.Content>
      <Tabs.Content value="artists" className="scrollbar-thin min-h-0 flex-1 overflow-y-auto">
        <ul aria-label="Artists" className="flex flex-col">
          {shownArtists.map((artist) => {
            const { gestures, menu } = rowMenu(`artist ${artist._id}`);
            return (
              <li key={artist._id} data-testid="library-artist" {...gestures} className={rowClass}>
                <RowLink
                  to={`/viewArtistSongs/${artist._id}`}
                  onClick={close}
                  picture={
                    <CoverImage
                      src={artist.image}
                      alt=""
                      sizes="48px"
                      fallback="/default-profile.svg"
                      className="size-12 shrink-0 rounded-full object-cover"
                    />
                  }
                  title={artist.name}
                  subtitle="Artist"
                />
                <ArtistMenu artist={artist} onNavigate={close} {...menu} />
              </li>
            );
          })}
        </ul>
        {cutArtists && followed.length > ARTISTS_SHOWN && (
          <button
            type="button"
            onClick={() => setAllArtists(true)}
            className="px-2 py-2 text-sm font-bold text-muted hover:text-white hover:underline"
          >
            Show all
          </button>
        )}
        {artists.data && artists.data.length === 0 && !needle && (
          <p className="px-2 py-4 text-sm text-muted">Artists you follow will show up here.</p>
        )}
        {needle && artists.data && shownArtists.length === 0 && noResults}
      </Tabs.Content>
      {dialogs}
    </Tabs.Root>
  );
}
