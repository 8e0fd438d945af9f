import { Pause, Play } from 'lucide-react';

/**
 * A song row's number, which becomes its play button on hover or keyboard focus. Below 768 px
 * the button spans the whole row (its nearest positioned ancestor), as a tap on a phone expects;
 * controls later in the row sit above it by being positioned themselves.
 */
export function RowPlayCell({
  number,
  title,
  current,
  playing,
  onToggle,
}: {
  number: number;
  title: string;
  current: boolean;
  playing: boolean;
  onToggle(): void;
}) {
  return (
    <span className="flex justify-end text-muted md:relative">
      <span
        className={`tabular-nums md:group-hover:invisible ${current ? 'text-brand' : ''} ${
          playing ? 'invisible' : ''
        }`}
      >
        {number}
      </span>
      <button
        type="button"
        aria-label={playing ? `Pause ${title}` : `Play ${title}`}
        onClick={onToggle}
        className={`absolute inset-0 grid items-center justify-items-start pl-3 focus-visible:opacity-100 md:inset-x-auto md:right-0 md:justify-items-center md:pl-0 md:group-hover:opacity-100 ${
          playing ? 'text-brand opacity-100' : 'text-white opacity-0'
        }`}
      >
        {playing ? (
          <Pause className="size-4 fill-current" />
        ) : (
          <Play className="size-4 fill-current" />
        )}
      </button>
    </span>
  );
}
