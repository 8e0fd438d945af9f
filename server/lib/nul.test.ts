import { describe, expect, it } from 'vitest';
import { nulPath } from './nul.ts';

describe('nulPath', () => {
  it('names the first field holding a NUL, however deep', () => {
    expect(nulPath({ name: 'ok', tags: ['a', 'b\u0000c'] })).toBe('tags.1');
    expect(nulPath({ song: { title: '\u0000' } })).toBe('song.title');
    expect(nulPath('a\u0000')).toBe('');
    expect(nulPath({ 'k\u0000': 1 })).toBe('k\u0000');
  });

  it('finds nothing in clean input of any shape', () => {
    expect(nulPath({ name: 'Café', n: 3, on: true, none: null, list: [1, 'x'] })).toBeNull();
    expect(nulPath(undefined)).toBeNull();
    expect(nulPath('plain')).toBeNull();
  });
});
