import type { Song } from '../../contract/catalog.ts';

/** What the player needs of a song; any listing's song objects carry it. */
export type PlayerSong = Pick<
  Song,
  '_id' | 'title' | 'artist' | 'artistName' | 'coverImage' | 'url' | 'durationSeconds' | 'albumName'
>;

export const DEFAULT_VOLUME = 0.7;

export interface QueueState {
  /** The list the song was started from, in its own order. */
  source: PlayerSong[];
  /** What plays, in order: `source`, or a shuffled copy of it. */
  queue: PlayerSong[];
  index: number;
  shuffle: boolean;
  repeat: boolean;
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
  repeat: false,
};
export const initialVolume: VolumeState = {
  volume: DEFAULT_VOLUME,
  muted: false,
  volumeBeforeMute: DEFAULT_VOLUME,
};

export function currentSong(state: QueueState): PlayerSong | null {
  return state.queue[state.index] ?? null;
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

/** Starts `songs` at `startIndex`; with shuffle on, the chosen song leads a shuffled rest. */
export function startQueue(
  state: QueueState,
  songs: PlayerSong[],
  startIndex: number,
  random?: () => number,
): QueueState {
  const index = Math.min(Math.max(0, startIndex), Math.max(0, songs.length - 1));
  if (!state.shuffle || songs.length === 0) return { ...state, source: songs, queue: songs, index };
  const chosen = songs[index]!;
  const rest = songs.filter((_, i) => i !== index);
  return { ...state, source: songs, queue: [chosen, ...shuffled(rest, random)], index: 0 };
}

/**
 * Shuffle on randomises the queue and resets the index to the first song, which is the one
 * playing, so the music does not jump; shuffle off restores the source order around it.
 */
export function toggleShuffle(state: QueueState, random?: () => number): QueueState {
  const playing = currentSong(state);
  if (state.shuffle) {
    const index = playing
      ? Math.max(
          0,
          state.source.findIndex((song) => song._id === playing._id),
        )
      : 0;
    return { ...state, shuffle: false, queue: state.source, index };
  }
  if (!playing) return { ...state, shuffle: true };
  const rest = state.queue.filter((_, i) => i !== state.index);
  return { ...state, shuffle: true, queue: [playing, ...shuffled(rest, random)], index: 0 };
}

export function toggleRepeat(state: QueueState): QueueState {
  return { ...state, repeat: !state.repeat };
}

/** Next wraps from the last song to the first. */
export function next(state: QueueState): QueueState {
  if (state.queue.length === 0) return state;
  return { ...state, index: (state.index + 1) % state.queue.length };
}

/** Previous wraps from the first song to the last. */
export function previous(state: QueueState): QueueState {
  if (state.queue.length === 0) return state;
  return { ...state, index: (state.index - 1 + state.queue.length) % state.queue.length };
}

/** At the end of a song: the same song again with repeat on, else the next one. */
export function ended(state: QueueState): { state: QueueState; restart: boolean } {
  if (state.repeat) return { state, restart: true };
  return { state: next(state), restart: false };
}

/**
 * After a song fails to play: the next one, so one broken file does not stop the music, unless
 * the queue has nothing else or every song of it has failed in a row.
 */
export function afterError(state: QueueState, failedInRow: number): QueueState | null {
  if (state.queue.length <= 1 || failedInRow >= state.queue.length) return null;
  return next(state);
}

/** The songs after the current one, in play order, wrapping once around. */
export function upNext(state: QueueState): PlayerSong[] {
  const { queue, index } = state;
  return [...queue.slice(index + 1), ...queue.slice(0, index)];
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
