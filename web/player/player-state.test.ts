import { describe, expect, it } from 'vitest';
import {
  addToQueue,
  afterError,
  atEnd,
  currentSong,
  DEFAULT_VOLUME,
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
  type QueueState,
  RECENT_LIMIT,
  rememberPlayed,
  removeQueued,
  setVolume,
  songAfter,
  startQueue,
  toggleMute,
  toggleRepeat,
  toggleShuffle,
  upNext,
  withoutPage,
  withoutSong,
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
    expect(ids(upNext(state))).toEqual([4, 5]);
  });

  it('lists what plays next as playback goes: on past the end only with repeat all', () => {
    const last = startQueue(emptyQueue, songs, 4);
    expect(ids(upNext(last))).toEqual([]);
    expect(ended(last).outcome).toBe('stop');
    const all = toggleRepeat(startQueue(emptyQueue, songs, 2));
    expect(all.repeat).toBe('all');
    expect(ids(upNext(all))).toEqual([4, 5, 1, 2]);
    expect(ids(upNext({ ...all, index: 4 }))).toEqual([1, 2, 3, 4]);
    expect(ids(upNext({ ...all, repeat: 'one' }))).toEqual([4, 5]);
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

  it('repeat cycles off, all, one', () => {
    const off = startQueue(emptyQueue, songs, 0);
    expect(off.repeat).toBe('off');
    expect(toggleRepeat(off).repeat).toBe('all');
    expect(toggleRepeat(toggleRepeat(off)).repeat).toBe('one');
    expect(toggleRepeat(toggleRepeat(toggleRepeat(off))).repeat).toBe('off');
  });

  it('at the end, repeat one restarts the same song', () => {
    const one = { ...startQueue(emptyQueue, songs, 4), repeat: 'one' as const };
    const result = ended(one);
    expect(result.outcome).toBe('restart');
    expect(currentSong(result.state)?._id).toBe(5);
    // Even with songs queued.
    expect(ended(addToQueue(one, song(9))).outcome).toBe('restart');
  });

  it('at the end of a middle song, the next one plays', () => {
    const result = ended(startQueue(emptyQueue, songs, 1));
    expect(result.outcome).toBe('play');
    expect(currentSong(result.state)?._id).toBe(3);
  });

  it('with repeat off, playback stops after the last song, which stays current', () => {
    const last = startQueue(emptyQueue, songs, 4);
    expect(atEnd(last)).toBe(true);
    const result = ended(last);
    expect(result.outcome).toBe('stop');
    expect(currentSong(result.state)?._id).toBe(5);
    expect(songAfter(last)).toBeNull();
    // Next pressed by hand still wraps.
    expect(currentSong(next(last))?._id).toBe(1);
  });

  it('with repeat all, the last song wraps to the first', () => {
    const last = { ...startQueue(emptyQueue, songs, 4), repeat: 'all' as const };
    const result = ended(last);
    expect(result.outcome).toBe('play');
    expect(currentSong(result.state)?._id).toBe(1);
    expect(songAfter(last)?._id).toBe(1);
  });

  it('queued songs play after the last song before playback stops', () => {
    const last = addToQueue(startQueue(emptyQueue, songs, 4), song(8));
    expect(atEnd(last)).toBe(false);
    const first = ended(last);
    expect(first.outcome).toBe('play');
    expect(currentSong(first.state)?._id).toBe(8);
    expect(ended(first.state).outcome).toBe('stop');
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
    expect(moveQueued(emptyQueue, 0, 1)).toEqual(emptyQueue);
    expect(removeQueued(emptyQueue, 0)).toEqual(emptyQueue);
    expect(jumpToQueued(emptyQueue, 0)).toEqual(emptyQueue);
    expect(next(emptyQueue)).toEqual(emptyQueue);
    expect(previous(emptyQueue)).toEqual(emptyQueue);
    expect(currentSong(emptyQueue)).toBeNull();
  });
});

describe("a page's list", () => {
  const album = { name: 'An album', path: '/album/7' };

  it('plays from the page that started it while one of its songs plays', () => {
    const state = startQueue(emptyQueue, songs, 1, undefined, album);
    expect(playsFromPage(state, '/album/7', songs)).toBe(true);
    expect(playsFromPage(state, '/album/8', songs)).toBe(false);
  });

  it('does not play from a page whose song plays from another list', () => {
    const genre = startQueue(emptyQueue, songs, 1, undefined, { name: 'Rock', path: '/search' });
    expect(playsFromPage(genre, '/album/7', songs)).toBe(false);
    const unnamed = startQueue(emptyQueue, songs, 1);
    expect(playsFromPage(unnamed, '/album/7', songs)).toBe(false);
  });

  it('keeps its name but not its page once the page is gone, and plays on', () => {
    const state = startQueue(emptyQueue, songs, 1, undefined, album);
    const gone = withoutPage(state, '/album/7');
    expect(gone.context).toEqual({ name: 'An album' });
    expect(currentSong(gone)?._id).toBe(2);
    expect(playsFromPage(gone, '/album/7', songs)).toBe(false);
    expect(withoutPage(state, '/album/8')).toBe(state);
    expect(withoutPage(startQueue(emptyQueue, songs, 1), '/album/7').context).toBeNull();
  });

  it("does not play from the page while a song that is not the page's plays", () => {
    const state = startQueue(emptyQueue, songs, 1, undefined, album);
    expect(playsFromPage(state, '/album/7', [song(9)])).toBe(false);
    const queued = jumpToQueued(addToQueue(state, song(9)), 0);
    expect(currentSong(queued)?._id).toBe(9);
    expect(playsFromPage(queued, '/album/7', songs)).toBe(false);
  });
});

describe('the user queue', () => {
  const playing = startQueue(emptyQueue, songs, 1);

  it('add to queue appends; play next goes before the songs already queued', () => {
    const state = playNext(addToQueue(addToQueue(playing, song(7)), song(8)), song(9));
    expect(ids(state.userQueue)).toEqual([9, 7, 8]);
    expect(currentSong(state)?._id).toBe(2);
  });

  it('queued songs play before the rest of the list, which then goes on after its song', () => {
    let state = addToQueue(addToQueue(playing, song(7)), song(8));
    state = next(state);
    expect(currentSong(state)?._id).toBe(7);
    expect(state.fromUser?._id).toBe(7);
    expect(ids(upNext(state))).toEqual([3, 4, 5]);
    state = next(state);
    expect(currentSong(state)?._id).toBe(8);
    state = next(state);
    expect(currentSong(state)?._id).toBe(3);
    expect(state.fromUser).toBeNull();
    expect(state.userQueue).toEqual([]);
  });

  it('the same song may be queued twice', () => {
    const state = addToQueue(addToQueue(playing, song(7)), song(7));
    expect(ids(state.userQueue)).toEqual([7, 7]);
  });

  it('reorders and removes queued songs', () => {
    const state = [6, 7, 8].map(song).reduce(addToQueue, playing);
    expect(ids(moveQueued(state, 0, 2).userQueue)).toEqual([7, 8, 6]);
    expect(ids(moveQueued(state, 2, 0).userQueue)).toEqual([8, 6, 7]);
    expect(ids(moveQueued(state, 1, 2).userQueue)).toEqual([6, 8, 7]);
    // Out of range: nothing moves.
    expect(moveQueued(state, 0, 3)).toBe(state);
    expect(moveQueued(state, -1, 0)).toBe(state);
    expect(ids(removeQueued(state, 1).userQueue)).toEqual([6, 8]);
    expect(removeQueued(state, 5)).toBe(state);
  });

  it('playing a queued song skips the ones queued before it', () => {
    const state = jumpToQueued([6, 7, 8].map(song).reduce(addToQueue, playing), 1);
    expect(currentSong(state)?._id).toBe(7);
    expect(ids(state.userQueue)).toEqual([8]);
  });

  it('playing a song of the list keeps the queue', () => {
    const state = jumpTo(next(addToQueue(addToQueue(playing, song(7)), song(8))), 3);
    expect(currentSong(state)?._id).toBe(4);
    expect(ids(state.userQueue)).toEqual([8]);
    expect(jumpTo(state, 9)).toBe(state);
  });

  it('previous from a queued song goes back to the list and queues it again first', () => {
    const state = previous(next(addToQueue(playing, song(7))));
    expect(currentSong(state)?._id).toBe(2);
    expect(ids(state.userQueue)).toEqual([7]);
  });

  it('starting another list keeps the queued songs and names the new list', () => {
    const queued = next(addToQueue(addToQueue(playing, song(7)), song(8)));
    const state = startQueue(queued, songs, 3, undefined, {
      name: 'Liked Songs',
      path: '/likedSongs',
    });
    expect(currentSong(state)?._id).toBe(4);
    expect(ids(state.userQueue)).toEqual([8]);
    expect(state.context?.name).toBe('Liked Songs');
  });

  it('shuffle keeps the list song that a queued song follows', () => {
    const state = toggleShuffle(next(addToQueue(playing, song(7))), pinned);
    expect(state.queue[0]?._id).toBe(2);
    expect(currentSong(state)?._id).toBe(7);
  });

  it('the song warmed up next is the first queued one', () => {
    expect(songAfter(addToQueue(playing, song(7)))?._id).toBe(7);
    expect(songAfter(playing)?._id).toBe(3);
  });

  it('a failed song moves on through the queued songs too', () => {
    const single = addToQueue(startQueue(emptyQueue, [song(1)], 0), song(7));
    expect(currentSong(afterError(single, 1)!)?._id).toBe(7);
    expect(afterError(single, 2)).toBeNull();
  });
});

describe('a song gone from the catalog', () => {
  const gone = (state: QueueState, id: number) => withoutSong(state, id)!;

  it('leaves the list, and the song after it plays when it was playing', () => {
    const { state, outcome } = gone(startQueue(emptyQueue, songs, 2), 3);
    expect(outcome).toBe('play');
    expect(currentSong(state)?._id).toBe(4);
    expect(ids(state.queue)).toEqual([1, 2, 4, 5]);
    expect(ids(state.source)).toEqual([1, 2, 4, 5]);
    expect(ids(upNext(state))).toEqual([5]);
  });

  it('leaves the list and the queued songs, the playing song staying where it is', () => {
    const playing = addToQueue(addToQueue(startQueue(emptyQueue, songs, 3), song(2)), song(8));
    const { state } = gone(playing, 2);
    expect(currentSong(state)?._id).toBe(4);
    expect(ids(state.queue)).toEqual([1, 3, 4, 5]);
    expect(ids(state.userQueue)).toEqual([8]);
  });

  it('playing with songs queued, gives way to the first queued, and the list goes on after it', () => {
    const playing = addToQueue(startQueue(emptyQueue, songs, 2), song(8));
    let { state } = gone(playing, 3);
    expect(currentSong(state)?._id).toBe(8);
    // No song of the list is skipped: after the queued song comes the one after the gone one.
    state = next(state);
    expect(currentSong(state)?._id).toBe(4);
    expect(ids(state.userQueue)).toEqual([]);
  });

  it('as a queued song playing, gives way to the next one queued, else to the list', () => {
    const queued = jumpToQueued(
      addToQueue(addToQueue(startQueue(emptyQueue, songs, 0), song(7)), song(8)),
      0,
    );
    expect(currentSong(gone(queued, 7).state)?._id).toBe(8);
    const last = jumpToQueued(addToQueue(startQueue(emptyQueue, songs, 0), song(7)), 0);
    expect(currentSong(gone(last, 7).state)?._id).toBe(2);
  });

  it('while a queued song plays, the list song it follows stays until it would play again', () => {
    const queued = jumpToQueued(addToQueue(startQueue(emptyQueue, songs, 1), song(7)), 0);
    const { state } = gone(queued, 2);
    expect(currentSong(state)?._id).toBe(7);
    expect(currentSong(next(state))?._id).toBe(3);
  });

  it("as the list's last song, stops with repeat off and starts over with repeat all", () => {
    const last = gone(startQueue(emptyQueue, songs, 4), 5);
    expect(last.outcome).toBe('stop');
    expect(currentSong(last.state)?._id).toBe(4);
    const all = gone(toggleRepeat(startQueue(emptyQueue, songs, 4)), 5);
    expect(all.outcome).toBe('play');
    expect(currentSong(all.state)?._id).toBe(1);
    expect(withoutSong(startQueue(emptyQueue, [song(1)], 0), 1)).toBeNull();
  });
});

describe('recently played', () => {
  it('puts the latest song first, each song once, at most RECENT_LIMIT', () => {
    let recent = [1, 2, 3].map(song).reduce(rememberPlayed, [] as PlayerSong[]);
    expect(ids(recent)).toEqual([3, 2, 1]);
    recent = rememberPlayed(recent, song(1));
    expect(ids(recent)).toEqual([1, 3, 2]);
    expect(rememberPlayed(recent, song(1))).toBe(recent);
    const many = Array.from({ length: RECENT_LIMIT + 5 }, (_, i) => song(100 + i));
    const full = many.reduce(rememberPlayed, [] as PlayerSong[]);
    expect(full).toHaveLength(RECENT_LIMIT);
    expect(full[0]?._id).toBe(100 + RECENT_LIMIT + 4);
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
