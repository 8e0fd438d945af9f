import { describe, expect, it } from 'vitest';
import {
  afterError,
  currentSong,
  DEFAULT_VOLUME,
  effectiveVolume,
  emptyQueue,
  ended,
  initialVolume,
  next,
  type PlayerSong,
  previous,
  setVolume,
  startQueue,
  toggleMute,
  toggleRepeat,
  toggleShuffle,
  upNext,
} from './player-state.ts';

const song = (id: number): PlayerSong => ({
  _id: id,
  title: `Song ${id}`,
  artist: [],
  artistName: 'Someone',
  coverImage: null,
  url: `/api/songs/${id}/stream`,
  durationSeconds: 60,
  albumName: null,
});
const songs = [1, 2, 3, 4, 5].map(song);
const ids = (list: PlayerSong[]) => list.map((s) => s._id);
/** Always picks the first remaining slot: a reversing, predictable "shuffle". */
const pinned = () => 0;

describe('queue rules', () => {
  it('starts the list at the chosen song', () => {
    const state = startQueue(emptyQueue, songs, 2);
    expect(currentSong(state)?._id).toBe(3);
    expect(ids(upNext(state))).toEqual([4, 5, 1, 2]);
  });

  it('next wraps from the last song to the first', () => {
    let state = startQueue(emptyQueue, songs, 4);
    state = next(state);
    expect(state.index).toBe(0);
    expect(currentSong(state)?._id).toBe(1);
  });

  it('previous wraps from the first song to the last', () => {
    const state = previous(startQueue(emptyQueue, songs, 0));
    expect(state.index).toBe(4);
    expect(currentSong(state)?._id).toBe(5);
  });

  it('shuffle randomises the queue and resets the index to the first song', () => {
    const state = toggleShuffle(startQueue(emptyQueue, songs, 3), pinned);
    expect(state.shuffle).toBe(true);
    expect(state.index).toBe(0);
    // The playing song stays current, so the music does not jump.
    expect(currentSong(state)?._id).toBe(4);
    expect(ids(state.queue).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(ids(state.queue)).not.toEqual(ids(songs));
  });

  it('shuffle off restores the list order around the playing song', () => {
    const on = toggleShuffle(startQueue(emptyQueue, songs, 1), pinned);
    const off = toggleShuffle(next(on));
    expect(off.shuffle).toBe(false);
    expect(ids(off.queue)).toEqual([1, 2, 3, 4, 5]);
    expect(currentSong(off)?._id).toBe(currentSong(next(on))?._id);
  });

  it('starting a list with shuffle on puts the chosen song first', () => {
    const state = startQueue({ ...emptyQueue, shuffle: true }, songs, 2, pinned);
    expect(state.index).toBe(0);
    expect(currentSong(state)?._id).toBe(3);
    expect(state.queue).toHaveLength(5);
  });

  it('at the end, repeat restarts the same song; otherwise the next one plays', () => {
    const start = startQueue(emptyQueue, songs, 4);
    const repeating = ended(toggleRepeat(start));
    expect(repeating.restart).toBe(true);
    expect(currentSong(repeating.state)?._id).toBe(5);
    const moving = ended(start);
    expect(moving.restart).toBe(false);
    expect(currentSong(moving.state)?._id).toBe(1);
  });

  it('after a song fails, the next one plays, until every song has failed in a row', () => {
    const start = startQueue(emptyQueue, songs, 4);
    // It wraps like next does.
    expect(currentSong(afterError(start, 1)!)?._id).toBe(1);
    expect(currentSong(afterError(start, 4)!)?._id).toBe(1);
    expect(afterError(start, 5)).toBeNull();
    expect(afterError(startQueue(emptyQueue, [song(7)], 0), 1)).toBeNull();
  });

  it('does nothing with an empty queue', () => {
    expect(next(emptyQueue)).toEqual(emptyQueue);
    expect(previous(emptyQueue)).toEqual(emptyQueue);
    expect(currentSong(emptyQueue)).toBeNull();
  });
});

describe('volume rules', () => {
  it('starts at 0.7, not muted', () => {
    expect(initialVolume.volume).toBe(0.7);
    expect(DEFAULT_VOLUME).toBe(0.7);
    expect(effectiveVolume(initialVolume)).toBe(0.7);
  });

  it('counts a volume of 0 as muted, and unmuting returns to the volume before', () => {
    const quiet = setVolume(setVolume(initialVolume, 0.4), 0);
    expect(quiet.muted).toBe(true);
    expect(effectiveVolume(quiet)).toBe(0);
    const back = toggleMute(quiet);
    expect(back.muted).toBe(false);
    expect(back.volume).toBe(0.4);
  });

  it('mute keeps the volume to return to', () => {
    const muted = toggleMute(setVolume(initialVolume, 0.5));
    expect(muted.muted).toBe(true);
    expect(effectiveVolume(muted)).toBe(0);
    expect(effectiveVolume(toggleMute(muted))).toBe(0.5);
  });

  it('keeps whole hundredths, so stepping down by 0.1 reaches exactly 0 and mutes', () => {
    let state = initialVolume;
    for (let step = 0; step < 7; step++) state = setVolume(state, state.volume - 0.1);
    expect(state.volume).toBe(0);
    expect(state.muted).toBe(true);
    expect(setVolume(initialVolume, 0.1 + 0.2).volume).toBe(0.3);
    expect(setVolume(initialVolume, 0.004).muted).toBe(true);
  });

  it('clamps volume to 0..1 and treats nonsense as 0', () => {
    expect(setVolume(initialVolume, 3).volume).toBe(1);
    expect(setVolume(initialVolume, -1).muted).toBe(true);
    expect(setVolume(initialVolume, Number.NaN).muted).toBe(true);
  });
});
