import {
  Keyboard,
  ListMusic,
  Maximize2,
  Pause,
  Play,
  Repeat,
  Shuffle,
  SkipBack,
  SkipForward,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatDuration } from '../../contract/rules/format.ts';
import { CoverImage } from '../ui/cover-image.tsx';
import { Link } from '../ui/link.tsx';
import { ArtistLinks } from '../ui/song-credits.tsx';
import { currentSong } from './player-state.ts';
import { useCurrentSong, usePlayer } from './player-store.ts';
import { SEEK_STEP_SECONDS } from './shortcuts.ts';
import { loadLikeButton, loadPlaylistPopup } from './song-action-parts.ts';
import { SongMenuButton, useSongMenuGestures } from './song-menu-trigger.tsx';

function IconButton({
  label,
  onClick,
  active,
  children,
  disabled,
}: {
  label: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`grid size-8 place-items-center rounded-full disabled:opacity-40 ${
        active ? 'text-brand' : 'text-muted hover:text-white'
      }`}
    >
      {children}
    </button>
  );
}

// The song actions load beside the bar (see song-action-parts.ts).
const AddToPlaylistPopup = lazy(() =>
  loadPlaylistPopup().then((m) => ({ default: m.AddToPlaylistPopup })),
);
const LikeButton = lazy(() => loadLikeButton().then((m) => ({ default: m.LikeButton })));

/**
 * A slider set with the mouse or a finger gives the focus back, so Space and the arrows go on
 * working as player shortcuts; one reached with Tab keeps its arrows.
 */
function releaseFocus(event: React.PointerEvent<HTMLInputElement>): void {
  event.currentTarget.blur();
}

const SEEK_KEYS: Record<string, number> = {
  ArrowRight: 1,
  ArrowUp: 1,
  ArrowLeft: -1,
  ArrowDown: -1,
};

/** The seek bar with elapsed and total time in m:ss; off, and out of the tab order, with no song. */
export function SeekBar() {
  const hasSong = usePlayer((state) => currentSong(state) !== null);
  const position = usePlayer((state) => state.position);
  const duration = usePlayer((state) => state.duration);
  const seek = usePlayer((state) => state.seek);
  const seekBy = usePlayer((state) => state.seekBy);
  // The bar's own arrow keys would move a tenth of a second (its step): they move as the
  // player's shortcuts do instead.
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const direction = SEEK_KEYS[event.key];
    if (direction === undefined) return;
    event.preventDefault();
    seekBy(direction * SEEK_STEP_SECONDS);
  };
  return (
    <div className="flex w-full items-center gap-2 text-xs text-muted">
      <span className="w-10 text-right tabular-nums" data-testid="elapsed">
        {formatDuration(position)}
      </span>
      <input
        type="range"
        aria-label="Seek"
        min={0}
        max={Math.max(duration, 0.1)}
        step={0.1}
        value={Math.min(position, duration || 0)}
        aria-valuetext={`${formatDuration(position)} of ${formatDuration(duration)}`}
        disabled={!hasSong}
        onChange={(event) => seek(Number(event.target.value))}
        onKeyDown={onKeyDown}
        onPointerUp={releaseFocus}
        className="h-1 flex-1 cursor-pointer accent-white disabled:cursor-default disabled:opacity-40"
      />
      <span className="w-10 tabular-nums" data-testid="total">
        {formatDuration(duration)}
      </span>
    </div>
  );
}

export function TransportControls() {
  const isPlaying = usePlayer((state) => state.isPlaying);
  const shuffle = usePlayer((state) => state.shuffle);
  const repeat = usePlayer((state) => state.repeat);
  const hasSong = usePlayer((state) => state.queue.length > 0);
  const actions = usePlayer.getState();
  return (
    <div className="flex items-center gap-4">
      <IconButton
        label="Shuffle"
        active={shuffle}
        onClick={actions.toggleShuffle}
        disabled={!hasSong}
      >
        <Shuffle className="size-4" />
      </IconButton>
      <IconButton label="Previous" onClick={actions.previous} disabled={!hasSong}>
        <SkipBack className="size-5" />
      </IconButton>
      <button
        type="button"
        aria-label={isPlaying ? 'Pause' : 'Play'}
        disabled={!hasSong}
        onClick={actions.togglePlay}
        className="grid size-9 place-items-center rounded-full bg-white text-black hover:scale-105 disabled:opacity-40"
      >
        {isPlaying ? (
          <Pause className="size-5 fill-black" />
        ) : (
          <Play className="size-5 fill-black" />
        )}
      </button>
      <IconButton label="Next" onClick={actions.next} disabled={!hasSong}>
        <SkipForward className="size-5" />
      </IconButton>
      <IconButton
        label={repeat === 'one' ? 'Repeat one' : 'Repeat'}
        active={repeat !== 'off'}
        onClick={actions.toggleRepeat}
        disabled={!hasSong}
      >
        <span className="relative">
          <Repeat className="size-4" />
          {repeat === 'one' && (
            <span
              data-testid="repeat-one-badge"
              className="absolute -top-1.5 -right-1.5 grid size-3 place-items-center rounded-full bg-brand text-[0.5rem] leading-none font-bold text-black"
            >
              1
            </span>
          )}
        </span>
      </IconButton>
    </div>
  );
}

export function VolumeControl() {
  const volume = usePlayer((state) => state.volume);
  const muted = usePlayer((state) => state.muted);
  const { toggleMute, setVolume } = usePlayer.getState();
  const Icon = muted ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className="flex items-center gap-2">
      <IconButton label={muted ? 'Unmute' : 'Mute'} onClick={toggleMute}>
        <Icon className="size-5" />
      </IconButton>
      <input
        type="range"
        aria-label="Volume"
        min={0}
        max={1}
        step={0.01}
        value={muted ? 0 : volume}
        // Read out as a percentage, not as the fraction the range holds.
        aria-valuetext={muted ? 'Muted' : `${Math.round(volume * 100)}%`}
        onChange={(event) => setVolume(Number(event.target.value))}
        onPointerUp={releaseFocus}
        className="h-1 w-24 cursor-pointer accent-white"
      />
    </div>
  );
}

/** The bottom player once there is a song; `PlayerDock` shows it. */
export function PlayerBar() {
  const song = useCurrentSong();
  const gestures = useSongMenuGestures();
  if (!song) return null;

  return (
    <>
      <section
        aria-label="Player"
        className="hidden h-20 grid-cols-[1fr_2fr_1fr] items-center gap-4 bg-black px-4 md:grid"
      >
        <div {...gestures({ song })} className="flex min-w-0 items-center gap-3">
          <CoverImage
            src={song.coverImage}
            alt=""
            sizes="56px"
            className="size-14 rounded object-cover"
          />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold" data-testid="now-playing-title">
              {song.title}
            </p>
            <p className="truncate text-xs text-muted">
              <ArtistLinks song={song} />
            </p>
          </div>
          {/* Song actions (like, add to playlist) sit right after the title. */}
          <Suspense fallback={<span className="size-8 shrink-0" />}>
            <LikeButton songId={song._id} title={song.title} />
          </Suspense>
          <Suspense fallback={<span className="size-8 shrink-0" />}>
            <AddToPlaylistPopup songId={song._id} />
          </Suspense>
          <SongMenuButton target={{ song }} />
        </div>
        <div className="flex flex-col items-center gap-1">
          <TransportControls />
          <SeekBar />
        </div>
        <div className="flex items-center justify-end gap-1">
          <PanelButtons />
          <Link
            to="/SongFullScreen"
            aria-label="Full screen"
            title="Full screen"
            className="grid size-8 place-items-center text-muted hover:text-white"
          >
            <Maximize2 className="size-4" />
          </Link>
          <VolumeControl />
        </div>
      </section>
      <MiniPlayer />
    </>
  );
}

/** Queue and keyboard help, in the bar and the full-screen player. */
export function PanelButtons() {
  const queueOpen = usePlayer((state) => state.queueOpen);
  const { setQueueOpen, setHelpOpen } = usePlayer.getState();
  return (
    <>
      <IconButton label="Queue" active={queueOpen} onClick={() => setQueueOpen(!queueOpen)}>
        <ListMusic className="size-4" />
      </IconButton>
      {/* Only where a mouse or trackpad is the main pointer: a phone has no keys to list. */}
      <span className="contents pointer-coarse:hidden">
        <IconButton label="Keyboard shortcuts" onClick={() => setHelpOpen(true)}>
          <Keyboard className="size-4" />
        </IconButton>
      </span>
    </>
  );
}

/**
 * Below 768 px: a compact bar above the tab bar; the title opens the full-screen player, a
 * long-press the song menu.
 */
function MiniPlayer() {
  const song = useCurrentSong();
  const gestures = useSongMenuGestures();
  const isPlaying = usePlayer((state) => state.isPlaying);
  const progress = usePlayer((state) =>
    state.duration > 0 ? Math.min(1, state.position / state.duration) : 0,
  );
  const { togglePlay, next } = usePlayer.getState();
  if (!song) return null;
  return (
    <section
      aria-label="Mini player"
      {...gestures({ song })}
      className="relative mx-2 mb-1 flex items-center gap-3 overflow-hidden rounded-md bg-elevated p-2 [-webkit-touch-callout:none] select-none md:hidden"
    >
      <Link to="/SongFullScreen" className="flex min-w-0 flex-1 items-center gap-3">
        <CoverImage
          src={song.coverImage}
          alt=""
          sizes="40px"
          className="size-10 rounded object-cover"
        />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold" data-testid="mini-title">
            {song.title}
          </span>
          <span className="block truncate text-xs text-muted">{song.artistName}</span>
        </span>
      </Link>
      <Suspense fallback={<span className="size-8 shrink-0" />}>
        <LikeButton songId={song._id} title={song.title} />
      </Suspense>
      <button
        type="button"
        aria-label={isPlaying ? 'Pause' : 'Play'}
        onClick={togglePlay}
        className="grid size-10 place-items-center"
      >
        {isPlaying ? (
          <Pause className="size-6 fill-white" />
        ) : (
          <Play className="size-6 fill-white" />
        )}
      </button>
      <button
        type="button"
        aria-label="Next"
        onClick={next}
        className="grid size-10 place-items-center"
      >
        <SkipForward className="size-6" />
      </button>
      <span
        aria-hidden="true"
        className="absolute right-2 bottom-0 left-2 h-0.5 origin-left bg-white"
        style={{ transform: `scaleX(${progress})` }}
      />
    </section>
  );
}
