import { Fragment } from 'react';
import type { Song } from '../../contract/catalog.ts';
import { Link } from './link.tsx';

const linkClass = 'relative hover:text-white hover:underline focus-visible:underline';

/**
 * A song's artists, each a link to its page, comma-separated; 'Unknown Artist' without any.
 * Links are positioned, so they sit above a row-wide play button (see RowPlayCell).
 */
export function ArtistLinks({ song }: { song: Pick<Song, 'artist' | 'artistName'> }) {
  const artists = song.artist ?? [];
  if (artists.length === 0) return <>{song.artistName || 'Unknown Artist'}</>;
  return (
    <>
      {artists.map((artist, index) => (
        <Fragment key={artist._id}>
          {index > 0 && ', '}
          <Link to={`/viewArtistSongs/${artist._id}`} className={linkClass}>
            {artist.name}
          </Link>
        </Fragment>
      ))}
    </>
  );
}

/**
 * A song's album as a link to its page; 'Unknown Album' without one. The album is optional
 * because the player's songs may be saved without it (then its title shows as text).
 */
export function AlbumLink({
  song,
}: {
  song: Partial<Pick<Song, 'album'>> & Pick<Song, 'albumName'>;
}) {
  if (!song.album) return <>{song.albumName || 'Unknown Album'}</>;
  return (
    <Link to={`/album/${song.album._id}`} className={linkClass}>
      {song.album.title}
    </Link>
  );
}
