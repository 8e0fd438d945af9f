import { X } from 'lucide-react';
import { useEffect } from 'react';
import { CoverImage } from '../ui/cover-image.tsx';
import { usePlayer } from './player-store.ts';

/** Where the panel opens: above the bottom player, or on the full-screen player's page. */
const PLACEMENT = {
  dock: 'right-2 bottom-36 max-h-[60vh] md:bottom-24 md:max-h-[70vh]',
  // On a phone the full-screen player's controls fill the lower half; the panel stays above them.
  fullscreen: 'top-16 right-2 max-h-[42vh] md:top-auto md:bottom-24 md:max-h-[70vh]',
} as const;

/** What plays now and what comes next, in play order; a click jumps there. Escape closes it. */
export function QueuePanel({ placement = 'dock' }: { placement?: keyof typeof PLACEMENT }) {
  const open = usePlayer((state) => state.queueOpen);
  const queue = usePlayer((state) => state.queue);
  const index = usePlayer((state) => state.index);
  const { jumpTo, setQueueOpen } = usePlayer.getState();
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setQueueOpen(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open, setQueueOpen]);
  if (!open) return null;
  const current = queue[index];
  const upcoming = [...queue.slice(index + 1), ...queue.slice(0, index)].map((song, i) => ({
    song,
    at: (index + 1 + i) % queue.length,
  }));
  return (
    <aside
      aria-label="Queue"
      className={`fixed z-40 flex w-[min(22rem,calc(100vw-1rem))] flex-col rounded-lg bg-elevated shadow-2xl ${PLACEMENT[placement]}`}
    >
      <div className="flex items-center justify-between p-4">
        <h2 className="text-lg font-bold">Queue</h2>
        <button
          type="button"
          aria-label="Close queue"
          onClick={() => setQueueOpen(false)}
          className="grid size-8 place-items-center rounded-full hover:bg-highlight"
        >
          <X className="size-5" />
        </button>
      </div>
      <div className="scrollbar-thin overflow-y-auto px-2 pb-4">
        {current && (
          <>
            <h3 className="px-2 pb-1 text-sm font-bold text-muted">Now playing</h3>
            <QueueRow song={current} active onClick={() => {}} />
          </>
        )}
        <h3 className="px-2 pt-3 pb-1 text-sm font-bold text-muted">Next up</h3>
        {upcoming.length === 0 ? (
          <p className="px-2 text-sm text-muted">Nothing after this song.</p>
        ) : (
          <ol>
            {upcoming.map(({ song, at }) => (
              <li key={`${song._id}-${at}`}>
                <QueueRow song={song} onClick={() => jumpTo(at)} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </aside>
  );
}

function QueueRow({
  song,
  active,
  onClick,
}: {
  song: { title: string; artistName: string; coverImage: string | null };
  active?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={active}
      className="flex w-full items-center gap-3 rounded p-2 text-left hover:bg-highlight disabled:hover:bg-transparent"
    >
      <CoverImage
        src={song.coverImage}
        alt=""
        sizes="40px"
        className="size-10 rounded object-cover"
      />
      <span className="min-w-0">
        <span className={`block truncate text-sm ${active ? 'text-brand' : ''}`}>{song.title}</span>
        <span className="block truncate text-xs text-muted">{song.artistName}</span>
      </span>
    </button>
  );
}
