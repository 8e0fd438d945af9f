import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SearchResults } from '../../../contract/listening.ts';
import { clipSearchQuery } from '../../../contract/rules/search.ts';
import { useSearch } from '../../lib/catalog-queries.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCurrentSong, usePageList, usePlayer } from '../../player/player-store.ts';
import { SearchBox, wasEntered } from '../../shell/search-box.tsx';
import { AlbumCard, ArtistCard, CardRow } from '../../ui/catalog-cards.tsx';
import { CoverImage } from '../../ui/cover-image.tsx';
import { Link } from '../../ui/link.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PagePlayButton } from '../../ui/page-play-button.tsx';
import { SongTable } from '../../ui/song-table.tsx';
import { StickyPlayHeader } from '../../ui/sticky-play-header.tsx';
import { useGenreSongs } from './api/genres.ts';
import { useRecentSearchChanges } from './api/recent-searches.ts';
import { FilterChips } from './components/filter-chips.tsx';
import { GenreGrid, genrePath } from './components/genre-grid.tsx';
import { RecentSearchList } from './components/recent-searches.tsx';
import { TopResultCard } from './components/top-result-card.tsx';
import { type SearchType, searchType, topResult } from './top-result.ts';

/**
 * Search results for /search?q= (with ?type= for a filter chip), a genre's songs for
 * /search?genre=, and with neither: recent searches and the genre grid.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = clipSearchQuery((params.get('q') ?? '').trim());
  const genre = params.get('genre') ?? '';
  const type = searchType(params.get('type'));
  // A genre's songs are a page of their own, named as its heading is.
  usePageTitle(!q && genre ? genre : 'Search');
  const query = useSearch(q);
  const results = q ? query.data : undefined;
  const nothing =
    results &&
    results.songs.length +
      results.artists.length +
      results.albums.length +
      results.playlists.length ===
      0;
  const { record } = useRecentSearchChanges();
  const location = useLocation();
  const navigate = useNavigate();
  const entered = wasEntered(location.state) ? location.key : null;
  const recordedEntry = useRef<string | null>(null);
  // A search is remembered when the listener presses Enter in the search box, once: the mark
  // goes from the history entry, so a reload or Back does not record it again.
  useEffect(() => {
    if (entered === null || recordedEntry.current === entered) return;
    recordedEntry.current = entered;
    record(q);
    navigate({ search: location.search }, { replace: true, state: null, preventScrollReset: true });
  }, [entered, q, record, navigate, location.search]);
  // It is remembered too when the listener opens one of its results (a link or a song).
  const recordOnOpen = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) record(q);
  };

  return (
    <div className="pb-8">
      <h1 className="sr-only">{q ? `Search results for "${q}"` : genre || 'Search'}</h1>
      <div className="px-4 pt-2 sm:hidden">
        <SearchBox className="flex w-full" />
      </div>
      {!q ? (
        genre ? (
          <GenreSongsView genre={genre} />
        ) : (
          <>
            <div className="px-4 pt-10 pb-2 text-center sm:px-6">
              <p className="text-xl font-bold">Search Chorus</p>
              <p className="mt-2 text-muted">Find songs, artists, albums and playlists.</p>
            </div>
            <RecentSearchList />
            <GenreGrid />
          </>
        )
      ) : query.isPending ? (
        <p className="px-6 py-8 text-muted">Searching…</p>
      ) : query.isError ? (
        <LoadError
          title="Error loading search results"
          load={query}
          className="px-4 py-8 sm:px-6"
        />
      ) : nothing ? (
        <div className="px-4 py-10 text-center sm:px-6">
          <p className="text-xl font-bold break-words">No results found for "{q}"</p>
          <p className="mt-2 text-muted">
            Please make sure your words are spelled correctly, or use fewer or different keywords.
          </p>
        </div>
      ) : results ? (
        <>
          <FilterChips
            type={type}
            onChange={(chip) =>
              setParams(chip === 'all' ? { q } : { q, type: chip }, { preventScrollReset: true })
            }
          />
          {/* While the next words' results load, the last ones stay, dimmed, so the page never blanks. */}
          <div
            aria-busy={query.isPlaceholderData}
            className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            onClickCapture={recordOnOpen}
          >
            <Results q={q} type={type} results={results} onOpenSong={() => record(q)} />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The results a chip shows: everything (with the top result), or one kind. */
function Results({
  q,
  type,
  results,
  onOpenSong,
}: {
  q: string;
  type: SearchType;
  results: SearchResults;
  onOpenSong(): void;
}) {
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const toggle = (index: number) => {
    onOpenSong();
    toggleSong(results.songs, index);
  };
  const top = type === 'all' ? topResult(q, results) : null;
  const topIndex = top?.kind === 'song' ? results.songs.indexOf(top.item) : -1;
  const show = (kind: SearchType) => type === 'all' || type === kind;
  const none = (what: string) => (
    <p className="px-4 py-8 text-muted sm:px-6">
      No {what} found for "{q}"
    </p>
  );
  const wrap = (children: ReactNode) => (
    <div className="-mx-1 flex flex-wrap gap-2 px-1 pt-1 pb-2 md:gap-4">{children}</div>
  );
  const one = type !== 'all';

  return (
    <>
      {top && (
        <TopResultCard
          top={top}
          playing={top.kind === 'song' && current?._id === top.item._id && isPlaying}
          onToggleSong={() => toggle(topIndex)}
        />
      )}
      {show('songs') &&
        (results.songs.length > 0 ? (
          <section className="py-4">
            <h2 className="px-4 pb-2 text-2xl font-bold sm:px-6">Songs</h2>
            <SongTable
              label={`Songs matching ${q}`}
              songs={results.songs}
              currentId={current?._id ?? null}
              isPlaying={isPlaying}
              onToggle={toggle}
            />
          </section>
        ) : (
          one && none('songs')
        ))}
      {show('artists') &&
        (results.artists.length > 0 ? (
          <CardRow title="Artists">
            {one
              ? wrap(
                  results.artists.map((artist) => <ArtistCard key={artist._id} artist={artist} />),
                )
              : results.artists.map((artist) => <ArtistCard key={artist._id} artist={artist} />)}
          </CardRow>
        ) : (
          one && none('artists')
        ))}
      {show('albums') &&
        (results.albums.length > 0 ? (
          <CardRow title="Albums">
            {one
              ? wrap(results.albums.map((album) => <AlbumCard key={album._id} album={album} />))
              : results.albums.map((album) => <AlbumCard key={album._id} album={album} />)}
          </CardRow>
        ) : (
          one && none('albums')
        ))}
      {show('playlists') &&
        (results.playlists.length > 0 ? (
          <CardRow title="Playlists">
            {(one ? wrap : (children: ReactNode) => children)(
              results.playlists.map((playlist) => (
                <Link
                  key={playlist._id}
                  to={`/viewPlaylist/${playlist._id}`}
                  className="w-36 shrink-0 rounded-lg p-3 hover:bg-highlight sm:w-40"
                >
                  <CoverImage
                    src={playlist.coverImage}
                    alt=""
                    sizes="160px"
                    className="aspect-square w-full rounded object-cover"
                  />
                  <p className="mt-2 truncate font-semibold">{playlist.name}</p>
                  <p className="truncate text-sm text-muted">By {playlist.creator.name}</p>
                </Link>
              )),
            )}
          </CardRow>
        ) : (
          one && none('playlists')
        ))}
    </>
  );
}

/**
 * A genre's songs, newest first (from the genre grid), with the big Play button album and artist
 * pages have. The list is named after the genre and its page, the search page's address with the
 * genre, so "Next from: …" leads back to this genre rather than to the empty search.
 */
function GenreSongsView({ genre }: { genre: string }) {
  const songs = useGenreSongs(genre);
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const context = { name: genre, path: genrePath(genre) };
  const page = usePageList(context.path, genre, songs.data?.songs);
  const list = songs.data?.songs ?? [];
  return (
    <section className="py-4">
      <h2 className="px-4 pb-2 text-3xl font-bold break-words sm:px-6">{genre}</h2>
      <StickyPlayHeader
        title={genre}
        playing={page.playing}
        disabled={list.length === 0}
        onToggle={page.toggle}
      />
      <div className="px-4 py-4 sm:px-6">
        <PagePlayButton
          name={genre}
          playing={page.playing}
          disabled={list.length === 0}
          onToggle={page.toggle}
        />
      </div>
      {songs.isPending ? (
        <p className="px-6 py-8 text-muted">Loading…</p>
      ) : songs.isError ? (
        <LoadError title="Error loading songs" load={songs} className="px-4 py-8 sm:px-6" />
      ) : list.length === 0 ? (
        <p className="px-4 py-8 text-muted sm:px-6">No songs in {genre} yet.</p>
      ) : (
        <SongTable
          label={`Songs of ${genre}`}
          queueName={genre}
          songs={list}
          currentId={current?._id ?? null}
          isPlaying={isPlaying}
          onToggle={(index) => toggleSong(list, index, context)}
        />
      )}
    </section>
  );
}
