import { describe, expect, it } from 'vitest';
import { leadCreditsFirst } from './lead-credit.ts';

const song = (title: string, ...artists: string[]) => ({
  title,
  artist: artists.map((name) => ({ name })),
});
const titles = (songs: { title: string }[]) => songs.map((entry) => entry.title);

describe('leadCreditsFirst', () => {
  const found = [
    song('Tidal', 'Dusty Creek Revival', 'Hollow Pines'),
    song('Satellite', 'Hollow Pines'),
    song('Night Bus', 'Hollow Pines'),
    song('Velvet Underground Station', 'Hollow Pines', 'Kingston Lowlands'),
  ];

  it("puts the named artist's own songs before songs where the artist is a guest", () => {
    expect(titles(leadCreditsFirst(found, ['hollow', 'pines']))).toEqual([
      'Satellite',
      'Night Bus',
      'Velvet Underground Station',
      'Tidal',
    ]);
  });

  it('matches word starts, case and accents ignored, as the search does', () => {
    expect(titles(leadCreditsFirst(found, ['holl']))).toEqual([
      'Satellite',
      'Night Bus',
      'Velvet Underground Station',
      'Tidal',
    ]);
    const accented = [song('Duo', 'Marco Bellini', 'Zoë Lindqvist'), song('Solo', 'Zoë Lindqvist')];
    expect(titles(leadCreditsFirst(accented, ['zoe']))).toEqual(['Solo', 'Duo']);
  });

  it('keeps the order when the query names no lead artist, or every one', () => {
    expect(titles(leadCreditsFirst(found, ['kingston']))).toEqual(titles(found));
    expect(titles(leadCreditsFirst(found, ['tidal']))).toEqual(titles(found));
    expect(leadCreditsFirst([song('Nobody')], ['hollow'])).toEqual([song('Nobody')]);
  });
});
