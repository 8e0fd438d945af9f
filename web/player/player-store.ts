import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { AudioEngine } from './audio-engine.ts';
import {
  currentSong,
  effectiveVolume,
  emptyQueue,
  ended,
  initialVolume,
  next,
  type PlayerSong,
  previous,
  type QueueState,
  setVolume,
  startQueue,
  toggleMute,
  toggleRepeat,
  toggleShuffle,
  upNext,
  type VolumeState,
} from './player-state.ts';

export interface PlaybackState {
  isPlaying: boolean;
  /** Seconds into the current song. */
  position: number;
  duration: number;
  /** Set while the current song is loading or buffering. */
  waiting: boolean;
  /** The last playback failure, for the toast that reports it. */
  lastError: { id: number; message: string } | null;
}

export interface PlayerActions {
  /** Plays `songs` as the queue, starting at `index`. */
  playQueue(songs: PlayerSong[], index: number): void;
  /** A list row's button: toggles its song when it is the current one, else starts the list. */
  toggleSong(songs: PlayerSong[], index: number): void;
  /** Plays a song of the current queue by its place in it. */
  jumpTo(index: number): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
}

export type PlayerStore = QueueState & VolumeState & PlaybackState & PlayerActions;

let engine: AudioEngine | null = null;
let errorCounter = 0;

/** The engine is made on first use, in the browser only. */
function getEngine(): AudioEngine {
  if (!engine) {
    engine = new AudioEngine({
      onTime: (position, duration) => usePlayer.setState({ position, duration }),
      onPlayingChange: (isPlaying) => usePlayer.setState({ isPlaying }),
      onWaiting: (waiting) => usePlayer.setState({ waiting }),
      onEnded: () => {
        const result = ended(usePlayer.getState());
        usePlayer.setState({ ...result.state, position: 0 });
        startCurrent(true, 0);
      },
      onError: (message) => {
        usePlayer.setState({ lastError: { id: ++errorCounter, message }, isPlaying: false });
        // Move on so one broken file does not stop the music.
        const state = usePlayer.getState();
        if (state.queue.length > 1) {
          usePlayer.setState({ ...next(state), position: 0 });
          startCurrent(true, 0);
        }
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
  audio.load(song.url, { autoplay, from });
  audio.preload(upNext(state)[0]?.url ?? null);
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
      lastError: null,

      playQueue(songs, index) {
        if (songs.length === 0) return;
        set({ ...startQueue(get(), songs, index), position: 0, duration: 0 });
        startCurrent(true, 0);
      },
      toggleSong(songs, index) {
        const playing = currentSong(get());
        if (playing && playing._id === songs[index]?._id) get().togglePlay();
        else get().playQueue(songs, index);
      },
      jumpTo(index) {
        if (index < 0 || index >= get().queue.length) return;
        set({ index, position: 0, duration: 0 });
        startCurrent(true, 0);
      },
      play() {
        const song = currentSong(get());
        if (!song) return;
        const audio = getEngine();
        if (audio.audio.src) audio.play();
        else startCurrent(true, get().position);
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
        getEngine().preload(upNext(get())[0]?.url ?? null);
      },
      toggleRepeat() {
        set(toggleRepeat(get()));
      },
    }),
    {
      name: 'chorus-player',
      version: 1,
      // Volume, queue and position survive a reload; playing does not (browsers forbid autoplay).
      partialize: (state) => ({
        source: state.source,
        queue: state.queue,
        index: state.index,
        shuffle: state.shuffle,
        repeat: state.repeat,
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
}

export function useCurrentSong(): PlayerSong | null {
  return usePlayer((state) => state.queue[state.index] ?? null);
}
