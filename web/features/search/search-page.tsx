import { Link, useSearchParams } from 'react-router';
import { clipSearchQuery } from '../../../contract/rules/search.ts';
import { errorMessage } from '../../lib/api.ts';
import { useSearch } from '../../lib/catalog-queries.ts';
import { useCurrentSong, usePlayer } from '../../player/player-store.ts';
import { SearchBox } from '../../shell/search-box.tsx';
import { AlbumCard, ArtistCard, CardRow } from '../../ui/catalog-cards.tsx';
import { CoverImage } from '../../ui/cover-image.tsx';
import { SongTable } from '../../ui/song-table.tsx';

/** Search results: songs, artists, albums and public playlists for /search?q= */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = clipSearchQuery((params.get('q') ?? '').trim());
  const query = useSearch(q);
  const current = useCurrentSong();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const toggleSong = usePlayer((state) => state.toggleSong);
  const results = q ? query.data : undefined;
  const nothing =
    results &&
    results.songs.length +
      results.artists.length +
      results.albums.length +
      results.playlists.length ===
      0;

  return (
    <div className="pb-8">
      <h1 className="sr-only">{q ? `Search results for "${q}"` : 'Search'}</h1>
      <div className="px-4 pt-2 sm:hidden">
        <SearchBox className="flex w-full" />
      </div>
      {!q ? (
        <div className="px-4 py-10 text-center sm:px-6">
          <p className="text-xl font-bold">Search Chorus</p>
          <p className="mt-2 text-muted">Find songs, artists, albums and playlists.</p>
        </div>
      ) : query.isPending ? (
        <p className="px-6 py-8 text-muted">Searching…</p>
      ) : query.isError ? (
        <p className="px-6 py-8 text-red-400">{errorMessage(query.error)}</p>
      ) : nothing ? (
        <div className="px-4 py-10 text-center sm:px-6">
          <p className="text-xl font-bold break-words">No results found for "{q}"</p>
          <p className="mt-2 text-muted">
            Please make sure your words are spelled correctly, or use fewer or different keywords.
          </p>
        </div>
      ) : results ? (
        // While the next words' results load, the last ones stay, dimmed, so the page never blanks.
        <div
          aria-busy={query.isPlaceholderData}
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          {results.songs.length > 0 && (
            <section className="py-4">
              <h2 className="px-4 pb-2 text-2xl font-bold sm:px-6">Songs</h2>
              <SongTable
                label={`Songs matching ${q}`}
                songs={results.songs}
                currentId={current?._id ?? null}
                isPlaying={isPlaying}
                onToggle={(index) => toggleSong(results.songs, index)}
              />
            </section>
          )}
          {results.artists.length > 0 && (
            <CardRow title="Artists">
              {results.artists.map((artist) => (
                <ArtistCard key={artist._id} artist={artist} />
              ))}
            </CardRow>
          )}
          {results.albums.length > 0 && (
            <CardRow title="Albums">
              {results.albums.map((album) => (
                <AlbumCard key={album._id} album={album} />
              ))}
            </CardRow>
          )}
          {results.playlists.length > 0 && (
            <CardRow title="Playlists">
              {results.playlists.map((playlist) => (
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
              ))}
            </CardRow>
          )}
        </div>
      ) : null}
    </div>
  );
}
