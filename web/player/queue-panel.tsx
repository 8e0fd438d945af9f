import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, GripVertical, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { RecentlyPlayed } from '../../contract/listening.ts';
import { api } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';
import { CoverImage } from '../ui/cover-image.tsx';
import { Link } from '../ui/link.tsx';
import { currentSong, type PlayerSong, upNext } from './player-state.ts';
import { usePlayer } from './player-store.ts';
import { SongMenuButton, useSongMenuGestures } from './song-menu-trigger.tsx';

/** Where the panel opens: above the bottom player, or on the full-screen player's page. */
const PLACEMENT = {
  dock: 'right-2 bottom-36 max-h-[60vh] md:bottom-24 md:max-h-[70vh]',
  // On a phone the full-screen player's controls fill the lower half and its toasts the top row:
  // the panel stays between them.
  fullscreen: 'top-20 right-2 max-h-[42vh] md:top-auto md:bottom-24 md:max-h-[70vh]',
} as const;

const RECENT: { name: string } = { name: 'Recently played' };

const sectionTitle = 'px-2 pt-3 pb-1 text-sm font-bold text-muted';

/**
 * What plays now and what comes next, in play order: the songs the listener queued ("Next in
 * queue": drag them, or Alt+↑/↓ and the handle's arrows, to reorder; × takes one out), then the
 * rest of the list ("Next from: …"). A click plays a song; Escape closes the panel.
 */
export function QueuePanel({ placement = 'dock' }: { placement?: keyof typeof PLACEMENT }) {
  const open = usePlayer((state) => state.queueOpen);
  const queue = usePlayer((state) => state.queue);
  const index = usePlayer((state) => state.index);
  const userQueue = usePlayer((state) => state.userQueue);
  const fromUser = usePlayer((state) => state.fromUser);
  const context = usePlayer((state) => state.context);
  const repeat = usePlayer((state) => state.repeat);
  const { jumpTo, setQueueOpen } = usePlayer.getState();
  const gestures = useSongMenuGestures();
  useEffect(() => {
    if (!open) return;
    const close = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setQueueOpen(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open, setQueueOpen]);
  if (!open) return null;
  const current = currentSong({ queue, index, fromUser });
  const upcoming = upNext({ queue, index, repeat }).map((song, i) => ({
    song,
    at: (index + 1 + i) % queue.length,
  }));
  return (
    <aside
      aria-label="Queue"
      data-queue-panel
      className={`fixed z-40 flex w-[min(var(--queue-panel-width),calc(100vw-1rem))] flex-col rounded-lg bg-elevated shadow-2xl ${PLACEMENT[placement]}`}
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
            <div {...gestures({ song: current })} className="flex items-center">
              <SongButton song={current} active onClick={() => {}} />
              <SongMenuButton target={{ song: current }} />
            </div>
          </>
        )}
        {userQueue.length > 0 && <QueuedSongs songs={userQueue} />}
        <h3 className={sectionTitle}>
          {context ? (
            <>
              Next from:{' '}
              {context.path ? (
                // Underlined, not only whiter: a short name beside "Next from:" must read as a
                // link without its colour.
                <Link
                  to={context.path}
                  className="text-white underline decoration-white/40 underline-offset-4 hover:decoration-white"
                >
                  {context.name}
                </Link>
              ) : (
                <span className="text-white">{context.name}</span>
              )}
            </>
          ) : (
            'Next up'
          )}
        </h3>
        {upcoming.length === 0 ? (
          <p className="px-2 text-sm text-muted">Nothing after this song.</p>
        ) : (
          <ol aria-label={context ? `Next from ${context.name}` : 'Next up'}>
            {upcoming.map(({ song, at }) => (
              <li key={`${song._id}-${at}`} {...gestures({ song })} className="flex items-center">
                <SongButton song={song} onClick={() => jumpTo(at)} />
                <SongMenuButton target={{ song }} />
              </li>
            ))}
          </ol>
        )}
        <RecentlyPlayedSongs />
      </div>
    </aside>
  );
}

/** The songs the listener queued, with their handles and remove buttons. */
function QueuedSongs({ songs }: { songs: PlayerSong[] }) {
  const { jumpToQueued, moveQueued, removeQueued } = usePlayer.getState();
  const gestures = useSongMenuGestures();
  const list = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  /** After a keyboard move or a removal, the control to focus: which kind, at which place. */
  const focusNext = useRef<{ at: number; control: string } | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const rows = list.current?.querySelectorAll('li');
    const row = rows?.[Math.min(target.at, (rows?.length ?? 1) - 1)];
    row?.querySelector<HTMLElement>(`[data-control="${target.control}"]`)?.focus();
  });

  const move = (from: number, to: number, control: string) => {
    if (to < 0 || to >= songs.length) return;
    focusNext.current = { at: to, control };
    moveQueued(from, to);
  };
  /** Alt+↑/↓ on any control of a row, or ↑/↓ on its handle, moves the row. */
  const onKeyDown = (at: number, control: string, needsAlt: boolean) => (event: KeyboardEvent) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0 || (needsAlt && !event.altKey)) return;
    event.preventDefault();
    event.stopPropagation();
    move(at, at + step, control);
  };

  return (
    <>
      <h3 className={sectionTitle}>Next in queue</h3>
      <ol ref={list} aria-label="Next in queue">
        {songs.map((song, at) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the same song may be queued twice; its place is its identity
            key={`${song._id}-${at}`}
            data-testid="queued-song"
            {...gestures({ song })}
            draggable
            onDragStart={(event) => {
              setDragging(at);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(song._id));
            }}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              setOver(at);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== null) moveQueued(dragging, at);
              setDragging(null);
              setOver(null);
            }}
            className={`flex items-center rounded ${over === at && dragging !== at ? 'ring-1 ring-brand' : ''} ${dragging === at ? 'opacity-50' : ''}`}
          >
            <SongButton
              song={song}
              onClick={() => jumpToQueued(at)}
              onKeyDown={onKeyDown(at, 'play', true)}
            />
            <button
              type="button"
              data-control="handle"
              aria-label={`Move ${song.title}`}
              title="Drag, or use the arrow keys, to move"
              onKeyDown={onKeyDown(at, 'handle', false)}
              className="grid size-8 shrink-0 cursor-grab place-items-center text-muted hover:text-white"
            >
              <GripVertical className="size-4" />
            </button>
            <button
              type="button"
              data-control="remove"
              aria-label={`Remove ${song.title} from queue`}
              title="Remove from queue"
              onClick={() => {
                focusNext.current = { at, control: 'remove' };
                removeQueued(at);
              }}
              onKeyDown={onKeyDown(at, 'remove', true)}
              className="grid size-8 shrink-0 place-items-center rounded-full text-muted hover:text-white"
            >
              <X className="size-4" />
            </button>
            <SongMenuButton target={{ song }} />
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * "Recently played", folded until asked for: a listener's from the server (songs heard long
 * enough to count as a play), a visitor's from this browser (songs that started).
 */
function RecentlyPlayedSongs() {
  const [shown, setShown] = useState(false);
  const { isAuth } = useSession();
  const local = usePlayer((state) => state.recent);
  const server = useQuery({
    queryKey: ['me', 'recently-played'],
    queryFn: ({ signal }) => api<RecentlyPlayed>('/me/recently-played', { signal }),
    enabled: shown && isAuth,
    staleTime: 0,
  });
  const songs = isAuth ? (server.data?.items ?? []) : local;
  const gestures = useSongMenuGestures();
  let body: ReactNode;
  if (isAuth && server.isPending) body = <p className="px-2 text-sm text-muted">Loading…</p>;
  else if (songs.length === 0) {
    body = <p className="px-2 text-sm text-muted">Songs you play will show here.</p>;
  } else {
    body = (
      <ol aria-label="Recently played">
        {songs.map((song, at) => (
          <li key={song._id} {...gestures({ song })} className="flex items-center">
            <SongButton
              song={song}
              onClick={() => usePlayer.getState().playQueue(songs, at, RECENT)}
            />
            <SongMenuButton target={{ song }} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <>
      <h3 className={sectionTitle}>
        <button
          type="button"
          aria-expanded={shown}
          onClick={() => setShown(!shown)}
          className="flex items-center gap-1 hover:text-white"
        >
          {shown ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
          Recently played
        </button>
      </h3>
      {shown && body}
    </>
  );
}

function SongButton({
  song,
  active,
  onClick,
  onKeyDown,
}: {
  song: { title: string; artistName: string; coverImage: string | null };
  active?: boolean;
  onClick: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}) {
  return (
    <button
      type="button"
      data-control="play"
      onClick={onClick}
      onKeyDown={onKeyDown}
      disabled={active}
      className="flex min-w-0 flex-1 items-center gap-3 rounded p-2 text-left hover:bg-highlight disabled:hover:bg-transparent"
    >
      <CoverImage
        src={song.coverImage}
        alt=""
        sizes="40px"
        className="size-10 shrink-0 rounded object-cover"
      />
      <span className="min-w-0">
        <span className={`block truncate text-sm ${active ? 'text-brand' : ''}`}>{song.title}</span>
        <span className="block truncate text-xs text-muted">{song.artistName}</span>
      </span>
    </button>
  );
}
