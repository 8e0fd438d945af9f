import { Pause, Play } from 'lucide-react';
import { CoverImage } from '../../../ui/cover-image.tsx';
import { Link } from '../../../ui/link.tsx';
import type { TopResult } from '../top-result.ts';

const card = 'relative block rounded-lg bg-elevated p-5 transition hover:bg-highlight';

/** The best match of a search, shown large (see topResult for how it is chosen). */
export function TopResultCard({
  top,
  playing,
  onToggleSong,
}: {
  top: TopResult;
  /** Whether the top result is the song playing now. */
  playing: boolean;
  onToggleSong(): void;
}) {
  return (
    <section aria-labelledby="top-result-heading" className="px-4 pt-4 sm:px-6">
      <h2 id="top-result-heading" className="pb-2 text-2xl font-bold">
        Top result
      </h2>
      {/* Room around the card for its focus ring. */}
      <div className="max-w-md p-1">
        {top.kind === 'song' ? (
          <div className={card}>
            <CoverImage
              src={top.item.coverImage}
              alt=""
              sizes="96px"
              className="size-24 rounded object-cover shadow-lg"
            />
            <p className="mt-4 truncate text-3xl font-bold">{top.item.title}</p>
            <p className="mt-1 truncate text-sm text-muted">
              Song · {top.item.artistName || 'Unknown Artist'}
            </p>
            <button
              type="button"
              aria-label={playing ? 'Pause the top result' : 'Play the top result'}
              onClick={onToggleSong}
              className="absolute right-5 bottom-5 grid size-12 place-items-center rounded-full bg-brand text-black shadow-lg"
            >
              {playing ? (
                <Pause className="size-5 fill-black" />
              ) : (
                <Play className="size-5 fill-black" />
              )}
            </button>
          </div>
        ) : top.kind === 'artist' ? (
          <Link to={`/viewArtistSongs/${top.item._id}`} className={card}>
            <CoverImage
              src={top.item.image}
              alt=""
              sizes="96px"
              fallback="/default-profile.svg"
              className="size-24 rounded-full object-cover shadow-lg"
            />
            <p className="mt-4 truncate text-3xl font-bold">{top.item.name}</p>
            <p className="mt-1 text-sm text-muted">Artist</p>
          </Link>
        ) : top.kind === 'album' ? (
          <Link to={`/album/${top.item._id}`} className={card}>
            <CoverImage
              src={top.item.coverImage}
              alt=""
              sizes="96px"
              className="size-24 rounded object-cover shadow-lg"
            />
            <p className="mt-4 truncate text-3xl font-bold">{top.item.title}</p>
            <p className="mt-1 truncate text-sm text-muted">Album · {top.item.artist.name}</p>
          </Link>
        ) : (
          <Link to={`/viewPlaylist/${top.item._id}`} className={card}>
            <CoverImage
              src={top.item.coverImage}
              alt=""
              sizes="96px"
              className="size-24 rounded object-cover shadow-lg"
            />
            <p className="mt-4 truncate text-3xl font-bold">{top.item.name}</p>
            <p className="mt-1 truncate text-sm text-muted">
              Playlist · By {top.item.creator.name}
            </p>
          </Link>
        )}
      </div>
    </section>
  );
}
