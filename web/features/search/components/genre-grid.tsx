import type { GenreList } from '../../../../contract/search.ts';
import { Link } from '../../../ui/link.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { useGenres } from '../api/genres.ts';

/** Tile colours, dark enough for white text; a genre keeps its colour by its place in the list. */
const COLOURS = [
  '#8c1932',
  '#1e3264',
  '#0d6b4f',
  '#6b3fa0',
  '#7d4b14',
  '#0b5c78',
  '#a03c14',
  '#4a5a14',
];

/**
 * "Browse all": the catalog's genres, each opening its songs (/search?genre=); when they fail to
 * load, the section stays and says so, with Try Again.
 */
export function GenreGrid() {
  const genres = useGenres();
  const items = genres.data?.items ?? [];
  // Genres already shown stay when a later refetch fails.
  const failed = genres.isError && items.length === 0;
  if (items.length === 0 && !failed) return null;
  return (
    <section aria-labelledby="browse-heading" className="px-4 pt-6 sm:px-6">
      <h2 id="browse-heading" className="pb-3 text-2xl font-bold">
        Browse all
      </h2>
      {failed ? (
        <LoadError title="Error loading genres" load={genres} heading="h3" />
      ) : (
        <GenreTiles items={items} />
      )}
    </section>
  );
}

/** A genre's own page: its songs, under the search page. */
export function genrePath(genre: string): string {
  return `/search?genre=${encodeURIComponent(genre)}`;
}

function GenreTiles({ items }: { items: GenreList['items'] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map((genre, i) => (
        <li key={genre.name}>
          <Link
            to={genrePath(genre.name)}
            style={{ backgroundColor: COLOURS[i % COLOURS.length] }}
            className="block aspect-[16/9] rounded-lg p-4 text-xl font-bold break-words text-white hover:brightness-110"
          >
            {genre.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
