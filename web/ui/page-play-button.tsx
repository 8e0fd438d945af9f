import { Pause, Play } from 'lucide-react';

/**
 * A page's big round Play button for the list it shows, beside its hero; `name` (the album,
 * artist or genre) goes into its accessible name when the page has one to give.
 */
export function PagePlayButton({
  name,
  playing,
  disabled = false,
  onToggle,
}: {
  name?: string;
  playing: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  const action = playing ? 'Pause' : 'Play';
  return (
    <button
      type="button"
      aria-label={name ? `${action} ${name}` : action}
      disabled={disabled}
      onClick={onToggle}
      className="grid size-14 shrink-0 place-items-center rounded-full bg-brand text-black hover:scale-105 disabled:opacity-40"
    >
      {playing ? <Pause className="size-6 fill-black" /> : <Play className="size-6 fill-black" />}
    </button>
  );
}
