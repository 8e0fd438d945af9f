import { useState } from 'react';
import { AlbumCard, ArtistCard, CardRow } from '../../ui/catalog-cards.tsx';
import { useDiscography, useFansAlsoLike } from './api/get-artist-depth.ts';

type Release = 'albums' | 'singles';

const chip =
  'rounded-full bg-highlight px-3 py-1 text-sm aria-pressed:bg-white aria-pressed:text-black';

/** The artist's releases, albums or singles and EPs at a time, as Spotify's Discography row. */
export function DiscographySection({ artistId }: { artistId: number }) {
  const discography = useDiscography(artistId);
  const [chosen, setChosen] = useState<Release | null>(null);
  const data = discography.data;
  if (!data || (data.albums.length === 0 && data.singles.length === 0)) return null;
  const shown: Release = chosen ?? (data.albums.length > 0 ? 'albums' : 'singles');
  const releases = shown === 'albums' ? data.albums : data.singles;
  return (
    <section aria-labelledby="discography-title" className="px-4 pt-8 sm:px-6">
      <h2 id="discography-title" className="pb-3 text-2xl font-bold">
        Discography
      </h2>
      <fieldset className="flex gap-2 pb-2">
        <legend className="sr-only">Release type</legend>
        {data.albums.length > 0 && (
          <button
            type="button"
            aria-pressed={shown === 'albums'}
            onClick={() => setChosen('albums')}
            className={chip}
          >
            Albums
          </button>
        )}
        {data.singles.length > 0 && (
          <button
            type="button"
            aria-pressed={shown === 'singles'}
            onClick={() => setChosen('singles')}
            className={chip}
          >
            Singles and EPs
          </button>
        )}
      </fieldset>
      <ul
        aria-label={shown === 'albums' ? 'Albums' : 'Singles and EPs'}
        className="scrollbar-thin -mx-4 flex gap-2 overflow-x-auto px-1 pt-1 pb-2 sm:-mx-6 md:gap-4"
      >
        {releases.map((album) => (
          <li key={album._id} className="flex">
            <AlbumCard album={album} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Artists the same listeners play or like ("Fans also like"). */
export function FansAlsoLikeSection({ artistId }: { artistId: number }) {
  const related = useFansAlsoLike(artistId);
  const artists = related.data?.artists ?? [];
  if (artists.length === 0) return null;
  return (
    <div className="pt-4">
      <CardRow title="Fans also like">
        {artists.map((artist) => (
          <ArtistCard key={artist._id} artist={artist} />
        ))}
      </CardRow>
    </div>
  );
}
