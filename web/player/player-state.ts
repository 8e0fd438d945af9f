import type { Song } from '../../contract/catalog.ts';

/**
 * What the player needs of a song; any listing's song objects carry it. `album` (for "Go to
 * album") is optional: songs saved by an older version have none.
 */
export type PlayerSong = Pick<
  Song,
  '_id' | 'title' | 'artist' | 'artistName' | 'coverImage' | 'url' | 'durationSeconds' | 'albumName'
> &
  Partial<Pick<Song, 'album'>>;

export const DEFAULT_VOLUME = 0.7;

/** Off: the list plays once and stops; all: it starts over; one: the song plays again. */
export type RepeatMode = 'off' | 'all' | 'one';
export const REPEAT_MODES: readonly RepeatMode[] = ['off', 'all', 'one'];

/** The list the songs come from, as "Next from: …" names it. */
export interface QueueContext {
  name: string;
  /** The page that shows the list, if one does. */
  path?: string;
}

/** How many songs a visitor's "Recently played" holds (the server keeps a listener's). */
export const RECENT_LIMIT = 50;

export interface QueueState {
  /** The list the song was started from, in its own order. */
  source: PlayerSong[];
  /** What plays, in order: `source`, or a shuffled copy of it. */
  queue: PlayerSong[];
  /** The place in `queue`; while a queued song plays, the list's song that played before it. */
  index: number;
  shuffle: boolean;
  repeat: RepeatMode;
  /**
   * Songs the listener queued ("Add to queue", "Play next"), in order: they play before the rest
   * of the list, and starting another list keeps them.
   */
  userQueue: PlayerSong[];
  /** The queued song playing now, taken from `userQueue`; null while the list plays. */
  fromUser: PlayerSong | null;
  context: QueueContext | null;
}

export interface VolumeState {
  volume: number;
  /** Volume 0 counts as muted; unmuting returns to the volume before. */
  muted: boolean;
  volumeBeforeMute: number;
}

export const emptyQueue: QueueState = {
  source: [],
  queue: [],
  index: 0,
  shuffle: false,
  repeat: 'off',
  userQueue: [],
  fromUser: null,
  context: null,
};
export const initialVolume: VolumeState = {
  volume: DEFAULT_VOLUME,
  muted: false,
  volumeBeforeMute: DEFAULT_VOLUME,
};

export function currentSong(
  state: Pick<QueueState, 'fromUser' | 'queue' | 'index'>,
): PlayerSong | null {
  return state.fromUser ?? state.queue[state.index] ?? null;
}

/**
 * Whether the list a page shows (at `path`, with `songs`) is what plays: the page started the
 * player's list (`context.path`, see `listOnPage`) and the song playing is one of its songs. One of
 * its songs playing from another list (a search, a genre, Liked Songs) does not count, so the
 * page's own Play starts the page's list instead of pausing the other one, as on Spotify.
 */
export function playsFromPage(
  state: Pick<QueueState, 'fromUser' | 'queue' | 'index' | 'context'>,
  path: string,
  songs: readonly Pick<PlayerSong, '_id'>[],
): boolean {
  const current = currentSong(state);
  return (
    current !== null &&
    state.context?.path === path &&
    songs.some((song) => song._id === current._id)
  );
}

/**
 * The list's page at `path` is gone (a deleted playlist): the list plays on under its name, as
 * "Next from: …" still says where the songs came from, but no longer leads to a page not found.
 */
export function withoutPage(state: QueueState, path: string): QueueState {
  if (state.context?.path !== path) return state;
  return { ...state, context: { name: state.context.name } };
}

/** Fisher–Yates with an injectable random source so tests can pin the order. */
export function shuffled<T>(items: T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Starts `songs` at `startIndex`; with shuffle on, the chosen song leads a shuffled rest. The
 * listener's queued songs stay queued, as they do when another album starts on Spotify.
 */
export function startQueue(
  state: QueueState,
  songs: PlayerSong[],
  startIndex: number,
  random?: () => number,
  context: QueueContext | null = null,
): QueueState {
  const index = Math.min(Math.max(0, startIndex), Math.max(0, songs.length - 1));
  const started = { ...state, source: songs, fromUser: null, context };
  if (!state.shuffle || songs.length === 0) return { ...started, queue: songs, index };
  const chosen = songs[index]!;
  const rest = songs.filter((_, i) => i !== index);
  return { ...started, queue: [chosen, ...shuffled(rest, random)], index: 0 };
}

/**
 * Shuffle on randomises the list and resets the index to the first song, which is the list's
 * current one, so the music does not jump; shuffle off restores the source order around it.
 */
export function toggleShuffle(state: QueueState, random?: () => number): QueueState {
  const listSong = state.queue[state.index];
  if (state.shuffle) {
    const index = listSong
      ? Math.max(
          0,
          state.source.findIndex((song) => song._id === listSong._id),
        )
      : 0;
    return { ...state, shuffle: false, queue: state.source, index };
  }
  if (!listSong) return { ...state, shuffle: true };
  const rest = state.queue.filter((_, i) => i !== state.index);
  return { ...state, shuffle: true, queue: [listSong, ...shuffled(rest, random)], index: 0 };
}

/** Off → all → one → off. */
export function toggleRepeat(state: QueueState): QueueState {
  const at = REPEAT_MODES.indexOf(state.repeat);
  return { ...state, repeat: REPEAT_MODES[(at + 1) % REPEAT_MODES.length] ?? 'off' };
}

/** "Add to queue": after the songs already queued. */
export function addToQueue(state: QueueState, song: PlayerSong): QueueState {
  return { ...state, userQueue: [...state.userQueue, song] };
}

/** "Play next": before the songs already queued. */
export function playNext(state: QueueState, song: PlayerSong): QueueState {
  return { ...state, userQueue: [song, ...state.userQueue] };
}

/** Moves the queued song at `from` to `to` (both places in `userQueue`). */
export function moveQueued(state: QueueState, from: number, to: number): QueueState {
  const last = state.userQueue.length - 1;
  if (from < 0 || from > last || to < 0 || to > last || from === to) return state;
  const userQueue = [...state.userQueue];
  const [moved] = userQueue.splice(from, 1);
  userQueue.splice(to, 0, moved!);
  return { ...state, userQueue };
}

export function removeQueued(state: QueueState, at: number): QueueState {
  if (at < 0 || at >= state.userQueue.length) return state;
  return { ...state, userQueue: state.userQueue.filter((_, i) => i !== at) };
}

/** Plays the queued song at `at`; the ones queued before it are skipped, as on Spotify. */
export function jumpToQueued(state: QueueState, at: number): QueueState {
  const song = state.userQueue[at];
  if (!song) return state;
  return { ...state, fromUser: song, userQueue: state.userQueue.slice(at + 1) };
}

/** Plays the list's song at `index`; queued songs stay queued. */
export function jumpTo(state: QueueState, index: number): QueueState {
  if (index < 0 || index >= state.queue.length) return state;
  return { ...state, index, fromUser: null };
}

/** Next: the first queued song, else the list's next one, wrapping from the last to the first. */
export function next(state: QueueState): QueueState {
  const [queued, ...rest] = state.userQueue;
  if (queued) return { ...state, fromUser: queued, userQueue: rest };
  if (state.queue.length === 0) return state;
  return { ...state, fromUser: null, index: (state.index + 1) % state.queue.length };
}

/**
 * Previous: from a queued song, back to the list's song before it (the queued one goes back to
 * the front of the queue); in the list, the song before, wrapping from the first to the last.
 */
export function previous(state: QueueState): QueueState {
  if (state.fromUser) {
    const userQueue = [state.fromUser, ...state.userQueue];
    if (state.queue.length === 0) return state;
    return { ...state, fromUser: null, userQueue };
  }
  if (state.queue.length === 0) return state;
  return { ...state, index: (state.index - 1 + state.queue.length) % state.queue.length };
}

/** Whether nothing comes after the current song when it ends with repeat off. */
export function atEnd(state: QueueState): boolean {
  return state.userQueue.length === 0 && state.index >= state.queue.length - 1;
}

/**
 * At the end of a song: repeat one plays it again; queued songs come next; after the list's last
 * song, repeat all starts the list over and repeat off stops there (the song stays current).
 */
export function ended(state: QueueState): {
  state: QueueState;
  outcome: 'restart' | 'play' | 'stop';
} {
  if (state.repeat === 'one') return { state, outcome: 'restart' };
  if (state.repeat === 'off' && atEnd(state)) return { state, outcome: 'stop' };
  return { state: next(state), outcome: 'play' };
}

/**
 * After a song fails to play: the next one, so one broken file does not stop the music, unless
 * the queue has nothing else or every song of it has failed in a row.
 */
export function afterError(state: QueueState, failedInRow: number): QueueState | null {
  const songs = state.queue.length + state.userQueue.length + (state.fromUser ? 1 : 0);
  if (songs <= 1 || failedInRow >= songs) return null;
  return next(state);
}

/**
 * The player without the song `songId`, which is gone from the catalog (deleted, or hidden since
 * it was queued): it leaves the list and the queued songs. When it was playing, what comes after
 * it is current: the next queued song, else the list's next one (with repeat off, past the list's
 * last song nothing plays: `stop`). Null when nothing is left.
 */
export function withoutSong(
  state: QueueState,
  songId: number,
): { state: QueueState; outcome: 'play' | 'stop' } | null {
  const stays = (song: PlayerSong) => song._id !== songId;
  const staysBefore = (at: number) => state.queue.slice(0, at).filter(stays).length;
  const queue = state.queue.filter(stays);
  const source = state.source.filter(stays);
  const userQueue = state.userQueue.filter(stays);
  if (state.fromUser) {
    // A queued song plays, after the list's song at `index`.
    const anchor = state.queue[state.index];
    const fromUser = stays(state.fromUser) ? state.fromUser : (userQueue[0] ?? null);
    const rest = stays(state.fromUser) ? userQueue : userQueue.slice(1);
    if (fromUser) {
      // The list's song it follows stays, gone or not, so the list goes on after it; a gone one
      // leaves when it would play again.
      const list =
        anchor && !stays(anchor)
          ? { source: state.source, queue: state.queue, index: state.index }
          : { source, queue, index: staysBefore(state.index) };
      return { state: { ...state, ...list, userQueue: rest, fromUser }, outcome: 'play' };
    }
    // The gone song was the last queued one: the list goes on after its song.
    const after = staysBefore(state.index) + (anchor && stays(anchor) ? 1 : 0);
    return listFrom({ ...state, source, queue, userQueue: rest, fromUser: null }, after);
  }
  const playing = state.queue[state.index];
  if (playing && !stays(playing)) {
    // As at its end: the first queued song, which it stays in the list to be followed by…
    const [fromUser, ...rest] = userQueue;
    if (fromUser) return { state: { ...state, userQueue: rest, fromUser }, outcome: 'play' };
    // …else the list's next song, in its place.
    return listFrom({ ...state, source, queue, userQueue }, staysBefore(state.index));
  }
  if (queue.length === 0) return null;
  return {
    state: { ...state, source, queue, userQueue, index: staysBefore(state.index) },
    outcome: 'play',
  };
}

/** The list current at `at` (past its end: its start with repeat all, else its last, stopped). */
function listFrom(
  state: QueueState,
  at: number,
): { state: QueueState; outcome: 'play' | 'stop' } | null {
  if (state.queue.length === 0) return null;
  if (at < state.queue.length) return { state: { ...state, index: at }, outcome: 'play' };
  return state.repeat === 'all'
    ? { state: { ...state, index: 0 }, outcome: 'play' }
    : { state: { ...state, index: state.queue.length - 1 }, outcome: 'stop' };
}

/**
 * The list's songs that play after its current one, in play order: with repeat all the list
 * wraps once around; otherwise it ends with its last song, as playback does (`ended`).
 */
export function upNext(state: Pick<QueueState, 'queue' | 'index' | 'repeat'>): PlayerSong[] {
  const { queue, index } = state;
  const after = queue.slice(index + 1);
  return state.repeat === 'all' ? [...after, ...queue.slice(0, index)] : after;
}

/** The song that plays when this one ends, if any: the one worth warming up. */
export function songAfter(state: QueueState): PlayerSong | null {
  if (state.repeat === 'one') return currentSong(state);
  const { state: moved, outcome } = ended(state);
  return outcome === 'stop' ? null : currentSong(moved);
}

/** A song that started playing goes to the top of "Recently played", listed once. */
export function rememberPlayed(recent: PlayerSong[], song: PlayerSong): PlayerSong[] {
  if (recent[0]?._id === song._id) return recent;
  return [song, ...recent.filter((entry) => entry._id !== song._id)].slice(0, RECENT_LIMIT);
}

export function setVolume(state: VolumeState, volume: number): VolumeState {
  // Whole hundredths: ten steps of -0.1 from 0.7 leave 2.8e-17, which must count as 0 (muted).
  const clamped =
    Math.round(Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 0)) * 100) / 100;
  if (clamped === 0) return { ...state, volume: 0, muted: true };
  return { volume: clamped, muted: false, volumeBeforeMute: clamped };
}

export function toggleMute(state: VolumeState): VolumeState {
  if (state.muted) {
    const volume = state.volumeBeforeMute > 0 ? state.volumeBeforeMute : DEFAULT_VOLUME;
    return { volume, muted: false, volumeBeforeMute: volume };
  }
  return {
    ...state,
    muted: true,
    volumeBeforeMute: state.volume > 0 ? state.volume : state.volumeBeforeMute,
  };
}

/** What the <audio> element's volume should be. */
export function effectiveVolume(state: VolumeState): number {
  return state.muted ? 0 : state.volume;
}
