import { Pause, Play } from 'lucide-react';
import type { Album, Artist, Song } from '../../contract/catalog.ts';
import { CoverImage } from './cover-image.tsx';
import { Link } from './link.tsx';

/** A round artist portrait with its name; the default blank profile picture without one. */
export function ArtistCard({ artist, wide }: { artist: Artist; wide?: boolean }) {
  return (
    <Link
      to={`/viewArtistSongs/${artist._id}`}
      className={`${wide ? 'w-full' : 'w-36 shrink-0 sm:w-40'} rounded-lg p-3 hover:bg-highlight`}
    >
      <CoverImage
        src={artist.image}
        alt=""
        sizes="(max-width: 640px) 45vw, 160px"
        fallback="/default-profile.svg"
        className="aspect-square w-full rounded-full object-cover"
      />
      <p className="mt-2 truncate font-semibold">{artist.name}</p>
      <p className="text-sm text-muted">Artist</p>
    </Link>
  );
}

export function AlbumCard({ album }: { album: Album }) {
  return (
    <Link
      to={`/album/${album._id}`}
      className="w-36 shrink-0 rounded-lg p-3 hover:bg-highlight sm:w-40"
    >
      <CoverImage
        src={album.coverImage}
        alt=""
        sizes="160px"
        className="aspect-square w-full rounded object-cover"
      />
      <p className="mt-2 truncate font-semibold">{album.title}</p>
      <p className="truncate text-sm text-muted">
        {album.year ? `${album.year} · ` : ''}
        {album.artist.name}
      </p>
    </Link>
  );
}

/** A song tile with a play button that starts the list it belongs to at this song. */
export function SongCard({
  song,
  playing,
  onToggle,
}: {
  song: Song;
  playing: boolean;
  onToggle(): void;
}) {
  return (
    <div className="group relative w-36 shrink-0 rounded-lg p-3 hover:bg-highlight sm:w-40">
      <CoverImage
        src={song.coverImage}
        alt=""
        sizes="160px"
        className="aspect-square w-full rounded object-cover"
      />
      <button
        type="button"
        aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`}
        onClick={onToggle}
        className={`absolute top-[calc(100%-6.5rem)] right-5 grid size-12 place-items-center rounded-full bg-brand text-black shadow-lg transition group-hover:opacity-100 focus:opacity-100 ${playing ? 'opacity-100' : 'opacity-90 md:opacity-0'}`}
      >
        {playing ? <Pause className="size-5 fill-black" /> : <Play className="size-5 fill-black" />}
      </button>
      <p className="mt-2 truncate font-semibold">{song.title}</p>
      <p className="truncate text-sm text-muted">{song.artistName || 'Unknown Artist'}</p>
    </div>
  );
}

/** A horizontal row of cards under a heading, with an optional 'Show all' link. */
export function CardRow({
  title,
  children,
  showAll,
}: {
  title: string;
  children: React.ReactNode;
  showAll?: string;
}) {
  return (
    <section className="px-4 py-4 md:px-6">
      <div className="mb-3 flex items-end justify-between">
        <h2 className="text-xl font-bold md:text-2xl">{title}</h2>
        {showAll && (
          <Link to={showAll} className="text-sm font-bold text-muted hover:underline">
            Show all
          </Link>
        )}
      </div>
      {/* Room around the cards for their focus ring, which the scroll area would cut off. */}
      <div className="scrollbar-thin -mx-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-2 md:gap-4">
        {children}
      </div>
    </section>
  );
}
