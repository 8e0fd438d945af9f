import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/**
 * A slim bar with the page's play button and name, shown under the top bar once the page's hero
 * has scrolled away. Place it right after the hero: it watches its own spot, and its sticky,
 * zero-height box takes no room in the page.
 */
export function StickyPlayHeader({
  title,
  playing,
  disabled = false,
  onToggle,
}: {
  title: string;
  playing: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  const spot = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = spot.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        // Shown once the spot is above the top of the visible page, not when it is below it.
        const top = entry.rootBounds?.top ?? 0;
        setShown(!entry.isIntersecting && entry.boundingClientRect.top < top);
      },
      // The sticky top bar covers the page's first 4rem.
      { rootMargin: '-72px 0px 0px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div ref={spot} aria-hidden="true" />
      <div className="sticky top-16 z-10 h-0">
        {shown && (
          <div
            data-testid="sticky-play-header"
            className="flex h-16 items-center gap-3 bg-[#2a2a2a]/95 px-4 shadow-lg backdrop-blur sm:px-6"
          >
            <button
              type="button"
              aria-label={playing ? `Pause ${title}` : `Play ${title}`}
              disabled={disabled}
              onClick={onToggle}
              className="grid size-11 shrink-0 place-items-center rounded-full bg-brand text-black hover:scale-105 disabled:opacity-40"
            >
              {playing ? (
                <Pause className="size-5 fill-black" />
              ) : (
                <Play className="size-5 fill-black" />
              )}
            </button>
            <p className="truncate text-xl font-bold">{title}</p>
          </div>
        )}
      </div>
    </>
  );
}
