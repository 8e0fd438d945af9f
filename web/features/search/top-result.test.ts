import { describe, expect, it } from 'vitest';
import type { SearchResults } from '../../../contract/listening.ts';
import { namesIt, searchType, topResult } from './top-result.ts';

const artist = (id: number, name: string) => ({
  _id: id,
  name,
  createdAt: '2026-01-01T00:00:00.000Z',
  description: '',
  image: null,
  verified: false,
  isDisabled: false,
  monthlyListeners: 0,
  followers: 0,
  songCount: 0,
});
const song = (id: number, title: string) => ({
  _id: id,
  title,
  artist: [],
  artistName: '',
  genre: 'Pop',
  duration: '1:00',
  durationSeconds: 60,
  status: 'Active',
  coverImage: null,
  url: '',
  audioUrl: '',
  album: null,
  albumName: null,
  trackNumber: null,
  plays: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  isDeleted: false,
});
const album = (id: number, title: string) => ({
  _id: id,
  title,
  coverImage: null,
  year: null,
  artist: { _id: 1, name: 'Someone' },
  songCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const results = (parts: Partial<Omit<SearchResults, 'q'>>): SearchResults => ({
  q: '',
  songs: [],
  artists: [],
  albums: [],
  playlists: [],
  ...parts,
});

describe('namesIt', () => {
  it('matches the name by its first words, the last one possibly unfinished', () => {
    expect(namesIt(['zoe'], 'Zoë Ármann')).toBe(true);
    expect(namesIt(['zoe', 'arm'], 'Zoë Ármann')).toBe(true);
    expect(namesIt(['arm'], 'Zoë Ármann')).toBe(false);
    expect(namesIt(['zo', 'armann'], 'Zoë Ármann')).toBe(false);
    expect(namesIt(['zoe', 'armann'], 'Zoë Ármann', true)).toBe(true);
    expect(namesIt(['zoe'], 'Zoë Ármann', true)).toBe(false);
    expect(namesIt([], 'Zoë')).toBe(false);
  });
});

describe('topResult', () => {
  it('prefers a result whose whole name the query spells, artists first', () => {
    const found = results({
      songs: [song(1, 'Rust Belt'), song(2, 'Orbit')],
      artists: [artist(7, 'Lil Orbit Crew'), artist(8, 'Orbit')],
    });
    expect(topResult('orbit', found)).toMatchObject({ kind: 'artist', item: { _id: 8 } });
    const songNamed = results({ songs: [song(1, 'Orbit Two'), song(2, 'Orbit')] });
    expect(topResult('ORBIT', songNamed)).toMatchObject({ kind: 'song', item: { _id: 2 } });
    const albumNamed = results({
      songs: [song(1, 'Harbour Lights')],
      albums: [album(3, 'Harbour Dub')],
    });
    expect(topResult('harbour dub', albumNamed)).toMatchObject({ kind: 'album', item: { _id: 3 } });
  });

  it('takes an artist whose name starts with the query, else the first song', () => {
    const found = results({
      songs: [song(1, 'Rust & Bone')],
      artists: [artist(5, 'Kingston Lowlands')],
    });
    expect(topResult('kingston lo', found)).toMatchObject({ kind: 'artist', item: { _id: 5 } });
    // Words of a song and of its artist together: the song is the better answer.
    expect(topResult('kingston rust', found)).toMatchObject({ kind: 'song', item: { _id: 1 } });
    expect(topResult('lowlands', found)).toMatchObject({ kind: 'song', item: { _id: 1 } });
  });

  it('falls back to the first artist, album or playlist, and to nothing', () => {
    expect(topResult('x', results({ artists: [artist(5, 'Lowlands')] }))).toMatchObject({
      kind: 'artist',
    });
    expect(topResult('x', results({ albums: [album(3, 'Dub')] }))).toMatchObject({ kind: 'album' });
    expect(topResult('x', results({}))).toBeNull();
  });
});

describe('searchType', () => {
  it('reads the chip from ?type=, All for anything else', () => {
    expect(searchType('songs')).toBe('songs');
    expect(searchType('playlists')).toBe('playlists');
    expect(searchType(null)).toBe('all');
    expect(searchType('everything')).toBe('all');
  });
});
