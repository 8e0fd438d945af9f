import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { ApiError, api } from '../lib/api.ts';
import {
  HEALTH_TIMEOUT_MS,
  meansUnreachable,
  reportUnreachable,
  serverStatus,
} from '../lib/connection.ts';
import { whenIdle } from '../lib/idle.ts';
import { notify } from '../lib/toast.ts';
import { AudioEngine } from './audio-engine.ts';
import { deferredLocalStorage } from './deferred-storage.ts';
import type * as MediaSession from './media-session.ts';
import { PlayReporter } from './play-reporter.ts';
import {
  addToQueue,
  afterError,
  currentSong,
  effectiveVolume,
  emptyQueue,
  ended,
  initialVolume,
  jumpTo,
  jumpToQueued,
  moveQueued,
  next,
  type PlayerSong,
  playNext,
  playsFromPage,
  previous,
  type QueueContext,
  type QueueState,
  type RepeatMode,
  rememberPlayed,
  removeQueued,
  setVolume,
  songAfter,
  startQueue,
  toggleMute,
  toggleRepeat,
  toggleShuffle,
  type VolumeState,
  withoutPage,
  withoutSong,
} from './player-state.ts';
import { handleShortcut, trackPointerFocus } from './shortcuts.ts';

export interface PlaybackState {
  isPlaying: boolean;
  /** Seconds into the current song. */
  position: number;
  duration: number;
  /** Set while the current song is loading or buffering. */
  waiting: boolean;
  /** A visitor's "Recently played" (a listener's comes from the server), newest first. */
  recent: PlayerSong[];
  /** The '?' keyboard help and the queue panel. */
  helpOpen: boolean;
  queueOpen: boolean;
}

export interface PlayerActions {
  /** Plays `songs` as the queue, starting at `index`; `context` names the list. */
  playQueue(songs: PlayerSong[], index: number, context?: QueueContext): void;
  /** A list row's button: toggles its song when it is the current one, else starts the list. */
  toggleSong(songs: PlayerSong[], index: number, context?: QueueContext): void;
  /** Plays a song of the current list by its place in it. */
  jumpTo(index: number): void;
  /** "Add to queue" and "Play next"; with nothing loaded, the song plays at once. */
  addToQueue(song: PlayerSong): void;
  playNext(song: PlayerSong): void;
  /** The queued songs: play one (skipping those before it), move one, take one out. */
  jumpToQueued(at: number): void;
  moveQueued(from: number, to: number): void;
  removeQueued(at: number): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  seekBy(seconds: number): void;
  setVolume(volume: number): void;
  volumeBy(step: number): void;
  setHelpOpen(open: boolean): void;
  setQueueOpen(open: boolean): void;
  /** Closes the queue panel and the shortcuts' list. */
  closePanels(): void;
  toggleMute(): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
  /** The page at `path` is gone: "Next from: …" keeps the list's name but no longer links there. */
  pageGone(path: string): void;
  /**
   * On logging out: the music stops and the queue and recent songs are forgotten, so whoever uses
   * this browser next starts afresh. The volume stays: it is the device's, not the listener's.
   */
  forget(): void;
}

export type PlayerStore = QueueState & VolumeState & PlaybackState & PlayerActions;

/** What survives a reload. */
type SavedPlayer = Pick<
  PlayerStore,
  | 'source'
  | 'queue'
  | 'index'
  | 'shuffle'
  | 'repeat'
  | 'userQueue'
  | 'fromUser'
  | 'context'
  | 'recent'
  | 'volume'
  | 'muted'
  | 'volumeBeforeMute'
  | 'position'
>;

/** What version 1 saved. */
type SavedPlayerV1 = Omit<
  SavedPlayer,
  'repeat' | 'userQueue' | 'fromUser' | 'context' | 'recent'
> & {
  repeat: boolean;
};

let engine: AudioEngine | null = null;
/**
 * The lock screen's and media keys' link (media-session.ts), loaded once the page is idle: the
 * first page shows without it, and it takes up what plays when it arrives.
 */
let mediaSession: typeof MediaSession | null = null;
/** Songs that failed one after another; when the whole queue has, the player stops trying. */
let failedInRow = 0;
/** Whether the song loaded was meant to play (a listener's play), not only shown (a reload). */
let loadedToPlay = false;

const reporter = new PlayReporter((songId, seconds, completed) => {
  // Popularity is best effort: a lost report must never disturb the music. A song the server
  // no longer knows was deleted or hidden while it played: it stops there.
  api(`/songs/${songId}/plays`, { method: 'POST', body: { seconds, completed } }).catch(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) {
        dropGoneSong(songId, usePlayer.getState().isPlaying);
      }
    },
  );
});

/**
 * What the server says of a song that failed to play: `gone` (deleted, or hidden from listeners),
 * `listed`, or null when it does not answer or is too busy to (the connection banner, or a toast
 * with the server's reason, then says so). One call both asks after the song and checks the server
 * is there.
 */
async function songStanding(songId: number): Promise<'gone' | 'listed' | null> {
  try {
    await api(`/songs/${songId}`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    return 'listed';
  } catch (error) {
    if (!(error instanceof ApiError)) {
      // No answer in time.
      reportUnreachable();
      return null;
    }
    if (error.status === 0 || meansUnreachable(error.status)) {
      // No answer, or a gateway's, brings up the connection banner; the server's own 503 (busy,
      // or its database away) does not (lib/connection.ts), so its reason is told here.
      if (serverStatus() === 'reachable') notify.error(error.message);
      return null;
    }
    return error.status === 404 ? 'gone' : 'listed';
  }
}

/**
 * Takes a song that is gone out of the player (and so out of what a reload restores). When it was
 * the current song the next one takes its place, playing if `play`, with word of why; a song
 * found gone while only shown after a reload leaves quietly.
 */
function dropGoneSong(songId: number, play: boolean): void {
  const state = usePlayer.getState();
  const wasCurrent = currentSong(state)?._id === songId;
  const remaining = withoutSong(state, songId);
  if (wasCurrent && play) notify.info('This song is no longer available');
  if (!remaining) {
    engine?.unload();
    usePlayer.setState({
      ...emptyQueue,
      shuffle: state.shuffle,
      repeat: state.repeat,
      isPlaying: false,
      position: 0,
      duration: 0,
    });
    return;
  }
  if (!wasCurrent) {
    usePlayer.setState(remaining.state);
    warmSongAfter();
    return;
  }
  usePlayer.setState({ ...remaining.state, position: 0, duration: 0 });
  startCurrent(play && remaining.outcome === 'play', 0);
}

/** The engine is made on first use, in the browser only. */
function getEngine(): AudioEngine {
  if (!engine) {
    engine = new AudioEngine({
      onTime: (position, duration) => {
        usePlayer.setState({ position, duration });
        const state = usePlayer.getState();
        const song = currentSong(state);
        if (song) reporter.tick(song._id, position, duration, state.isPlaying);
        mediaSession?.updatePositionState(position, duration);
      },
      onPlayingChange: (isPlaying) => {
        if (!isPlaying) return usePlayer.setState({ isPlaying });
        failedInRow = 0;
        const state = usePlayer.getState();
        const song = currentSong(state);
        usePlayer.setState({
          isPlaying,
          recent: song ? rememberPlayed(state.recent, song) : state.recent,
        });
      },
      onWaiting: (waiting) => usePlayer.setState({ waiting }),
      onEnded: () => {
        const finished = currentSong(usePlayer.getState());
        if (finished) reporter.ended(finished._id);
        const result = ended(usePlayer.getState());
        // With repeat off the last song stays, at its end, until the listener plays again.
        if (result.outcome === 'stop') return;
        usePlayer.setState({ ...result.state, position: 0 });
        startCurrent(true, 0);
      },
      onError: (message) => {
        usePlayer.setState({ isPlaying: false });
        const failed = currentSong(usePlayer.getState());
        const play = loadedToPlay;
        if (!failed) return;
        void songStanding(failed._id).then((standing) => {
          // A song fails while the server is away or busy through no fault of its own: playback
          // stops there (songStanding has said why) instead of failing through the queue. And the
          // listener may have chosen another song meanwhile: that one stays.
          if (!standing || currentSong(usePlayer.getState())?._id !== failed._id) return;
          if (standing === 'gone') return dropGoneSong(failed._id, play);
          // Raised here, not by the bar, so it shows on every page, the full-screen player too.
          notify.error(message);
          const moved = afterError(usePlayer.getState(), ++failedInRow);
          if (!moved) return;
          usePlayer.setState({ ...moved, position: 0, duration: 0 });
          startCurrent(true, 0);
        });
      },
    });
    engine.setVolume(effectiveVolume(usePlayer.getState()));
  }
  return engine;
}

/** Loads the current song into the engine and warms up the one after it. */
function startCurrent(autoplay: boolean, from: number): void {
  const state = usePlayer.getState();
  const song = currentSong(state);
  if (!song) return;
  const audio = getEngine();
  loadedToPlay = autoplay;
  reporter.start(song._id, from);
  audio.load(song.url, { autoplay, from, seconds: song.durationSeconds });
  audio.preload(songAfter(state)?.url ?? null);
}

/** After the order changed: the song to warm up may be another. */
function warmSongAfter(): void {
  getEngine().preload(songAfter(usePlayer.getState())?.url ?? null);
}

/**
 * The list a row's play button starts, named by the song list that holds the row (see
 * `playingFrom`), for pages that do not name it themselves.
 */
let startingContext: QueueContext | null = null;

/** A list of the page open now, named `name`: what "Next from: …" names and links to. */
export function listOnPage(name: string): QueueContext {
  return { name, path: window.location.pathname };
}

/** Runs `start` (a page's own play call) with `context` as the name of the list it starts. */
export function playingFrom(context: QueueContext, start: () => void): void {
  startingContext = context;
  try {
    start();
  } finally {
    startingContext = null;
  }
}

export const usePlayer = create<PlayerStore>()(
  persist(
    (set, get) => ({
      ...emptyQueue,
      ...initialVolume,
      isPlaying: false,
      position: 0,
      duration: 0,
      waiting: false,
      recent: [],
      helpOpen: false,
      queueOpen: false,

      playQueue(songs, index, context) {
        if (songs.length === 0) return;
        failedInRow = 0;
        const named = context ?? startingContext;
        set({ ...startQueue(get(), songs, index, undefined, named), position: 0, duration: 0 });
        startCurrent(true, 0);
      },
      toggleSong(songs, index, context) {
        const playing = currentSong(get());
        if (playing && playing._id === songs[index]?._id) get().togglePlay();
        else get().playQueue(songs, index, context);
      },
      jumpTo(index) {
        if (index < 0 || index >= get().queue.length) return;
        set({ ...jumpTo(get(), index), position: 0, duration: 0 });
        startCurrent(true, 0);
      },
      addToQueue(song) {
        if (!currentSong(get())) return get().playQueue([song], 0);
        set(addToQueue(get(), song));
        warmSongAfter();
      },
      playNext(song) {
        if (!currentSong(get())) return get().playQueue([song], 0);
        set(playNext(get(), song));
        warmSongAfter();
      },
      jumpToQueued(at) {
        if (at < 0 || at >= get().userQueue.length) return;
        set({ ...jumpToQueued(get(), at), position: 0, duration: 0 });
        startCurrent(true, 0);
      },
      moveQueued(from, to) {
        set(moveQueued(get(), from, to));
        warmSongAfter();
      },
      removeQueued(at) {
        set(removeQueued(get(), at));
        warmSongAfter();
      },
      play() {
        const song = currentSong(get());
        if (!song) return;
        const audio = getEngine();
        if (audio.audio.src && !audio.failed) {
          loadedToPlay = true;
          audio.play();
        } else startCurrent(true, get().position);
      },
      pause() {
        getEngine().pause();
      },
      togglePlay() {
        if (get().isPlaying) get().pause();
        else get().play();
      },
      next() {
        set({ ...next(get()), position: 0, duration: 0 });
        startCurrent(true, 0);
      },
      previous() {
        set({ ...previous(get()), position: 0, duration: 0 });
        startCurrent(true, 0);
      },
      seek(seconds) {
        const { duration } = get();
        const target = Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds);
        set({ position: target });
        getEngine().seek(target);
      },
      seekBy(seconds) {
        if (!currentSong(get())) return;
        get().seek(get().position + seconds);
      },
      volumeBy(step) {
        const { volume, muted } = get();
        get().setVolume((muted ? 0 : volume) + step);
      },
      setHelpOpen(helpOpen) {
        set({ helpOpen });
      },
      setQueueOpen(queueOpen) {
        set({ queueOpen });
      },
      closePanels() {
        set({ queueOpen: false, helpOpen: false });
      },
      setVolume(volume) {
        set(setVolume(get(), volume));
        getEngine().setVolume(effectiveVolume(get()));
      },
      toggleMute() {
        set(toggleMute(get()));
        getEngine().setVolume(effectiveVolume(get()));
      },
      toggleShuffle() {
        set(toggleShuffle(get()));
        warmSongAfter();
      },
      toggleRepeat() {
        set(toggleRepeat(get()));
        warmSongAfter();
      },
      pageGone(path) {
        set(withoutPage(get(), path));
      },
      forget() {
        engine?.unload();
        set({
          ...emptyQueue,
          isPlaying: false,
          position: 0,
          duration: 0,
          waiting: false,
          recent: [],
          queueOpen: false,
        });
      },
    }),
    {
      name: 'chorus-player',
      version: 2,
      // Version 1 had repeat on or off (on was repeat one) and no queue of the listener's own.
      migrate: (saved, version): SavedPlayer => {
        if (version >= 2) return saved as SavedPlayer;
        const before = saved as SavedPlayerV1;
        const repeat: RepeatMode = before.repeat ? 'one' : 'off';
        return { ...before, repeat, userQueue: [], fromUser: null, context: null, recent: [] };
      },
      storage: deferredLocalStorage<SavedPlayer>({
        // The position moves four times a second while playing; saving it every second is enough.
        isMinor: (saved, next) =>
          (Object.keys(next) as (keyof SavedPlayer)[]).every(
            (key) => key === 'position' || saved[key] === next[key],
          ),
      }),
      // Volume, queue and position survive a reload; playing does not (browsers forbid autoplay).
      partialize: (state): SavedPlayer => ({
        source: state.source,
        queue: state.queue,
        index: state.index,
        shuffle: state.shuffle,
        repeat: state.repeat,
        userQueue: state.userQueue,
        fromUser: state.fromUser,
        context: state.context,
        recent: state.recent,
        volume: state.volume,
        muted: state.muted,
        volumeBeforeMute: state.volumeBeforeMute,
        position: state.position,
      }),
    },
  ),
);

/** After a reload: the saved song is loaded paused at its saved position. */
export function restorePlayer(): void {
  const state = usePlayer.getState();
  if (currentSong(state)) startCurrent(false, state.position);
  else getEngine();
  let shown: { song: PlayerSong | null; playing: boolean } = { song: null, playing: false };
  const sync = (next: PlayerStore) => {
    const song = currentSong(next);
    if (song === shown.song && next.isPlaying === shown.playing) return;
    shown = { song, playing: next.isPlaying };
    mediaSession?.updateMediaSession(song, next.isPlaying);
    document.title = song ? `${song.title} · ${song.artistName}` : 'Chorus';
  };
  sync(usePlayer.getState());
  usePlayer.subscribe(sync);
  whenIdle(() => {
    import('./media-session.ts').then(
      (session) => {
        const actions = usePlayer.getState();
        session.installMediaSession({
          play: actions.play,
          pause: actions.pause,
          next: actions.next,
          previous: actions.previous,
          seek: actions.seek,
          position: () => usePlayer.getState().position,
        });
        session.updateMediaSession(shown.song, shown.playing);
        mediaSession = session;
      },
      // Without it the player works as before; only the lock screen shows less.
      () => {},
    );
  });
  trackPointerFocus(window);
  window.addEventListener('keydown', (event) => {
    handleShortcut(event, {
      togglePlay: () => usePlayer.getState().togglePlay(),
      seekBy: (seconds) => usePlayer.getState().seekBy(seconds),
      volumeBy: (step) => usePlayer.getState().volumeBy(step),
      toggleMute: () => usePlayer.getState().toggleMute(),
      next: () => usePlayer.getState().next(),
      previous: () => usePlayer.getState().previous(),
      toggleShuffle: () => usePlayer.getState().toggleShuffle(),
      toggleRepeat: () => usePlayer.getState().toggleRepeat(),
      toggleHelp: () => usePlayer.setState((state) => ({ helpOpen: !state.helpOpen })),
    });
  });
}

export function useCurrentSong(): PlayerSong | null {
  return usePlayer(currentSong);
}

/**
 * A page's big Play button for the list it shows (`songs`, at `path`, named `name` in the queue):
 * whether that list is playing, and what a press does. It pauses or resumes the list when the page
 * started it (`playsFromPage`), else starts it from its first song, whatever else plays.
 */
export function usePageList(
  path: string,
  name: string,
  songs: PlayerSong[] | undefined,
): { playing: boolean; toggle(): void } {
  const here = usePlayer((state) => songs !== undefined && playsFromPage(state, path, songs));
  const isPlaying = usePlayer((state) => state.isPlaying);
  return {
    playing: here && isPlaying,
    toggle() {
      const player = usePlayer.getState();
      if (here) player.togglePlay();
      else if (songs) player.playQueue(songs, 0, { name, path });
    },
  };
}
