import { Music } from 'lucide-react';
import { CoverImage } from '../../ui/cover-image.tsx';

/**
 * The playlist's cover: its own image; else a mosaic of its first song covers (4
 * distinct ones make a grid, fewer show the first); else a placeholder.
 */
export function PlaylistCover({
  coverImage,
  covers,
  className = 'size-48',
}: {
  coverImage: string | null;
  covers: string[];
  className?: string;
}) {
  if (coverImage) {
    return (
      <CoverImage
        src={coverImage}
        alt="Playlist cover"
        sizes="232px"
        loading="eager"
        className={`${className} rounded object-cover shadow-2xl shadow-black/60`}
      />
    );
  }
  if (covers.length >= 4) {
    return (
      <div
        data-testid="cover-mosaic"
        className={`${className} grid grid-cols-2 overflow-hidden rounded shadow-2xl shadow-black/60`}
      >
        {covers.slice(0, 4).map((src) => (
          <CoverImage
            key={src}
            src={src}
            alt=""
            sizes="116px"
            loading="eager"
            className="size-full object-cover"
          />
        ))}
      </div>
    );
  }
  if (covers.length > 0) {
    return (
      <CoverImage
        src={covers[0]}
        alt=""
        sizes="232px"
        loading="eager"
        className={`${className} rounded object-cover shadow-2xl shadow-black/60`}
      />
    );
  }
  return (
    <div
      data-testid="cover-placeholder"
      className={`${className} grid place-items-center rounded bg-highlight text-muted shadow-2xl shadow-black/60`}
    >
      <Music className="size-1/3" />
    </div>
  );
}
