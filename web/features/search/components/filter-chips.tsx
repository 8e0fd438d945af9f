import { SEARCH_TYPES, type SearchType } from '../top-result.ts';

const LABELS: Record<SearchType, string> = {
  all: 'All',
  songs: 'Songs',
  artists: 'Artists',
  albums: 'Albums',
  playlists: 'Playlists',
};

/** All, Songs, Artists, Albums, Playlists: which results the page shows. */
export function FilterChips({
  type,
  onChange,
}: {
  type: SearchType;
  onChange(type: SearchType): void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2 px-4 pt-4 sm:px-6">
      <legend className="sr-only">Filter results</legend>
      {SEARCH_TYPES.map((chip) => (
        <button
          key={chip}
          type="button"
          aria-pressed={chip === type}
          onClick={() => onChange(chip)}
          className={`rounded-full px-3 py-1.5 text-sm font-semibold transition ${
            chip === type ? 'bg-white text-black' : 'bg-elevated text-white hover:bg-highlight'
          }`}
        >
          {LABELS[chip]}
        </button>
      ))}
    </fieldset>
  );
}
