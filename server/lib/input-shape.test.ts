import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, inputProblem, inputRefused, nulPath } from './input-shape.ts';

/** `levels` lists inside each other, around `inner`. */
const nested = (levels: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

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

describe('inputProblem', () => {
  it('takes input up to the limits', () => {
    expect(inputProblem(nested(INPUT_LIMITS.depth, 'x'))).toBeNull();
    expect(inputProblem(new Array(INPUT_LIMITS.entries).fill(0))).toBeNull();
    const keys = Object.fromEntries(
      Array.from({ length: INPUT_LIMITS.entries }, (_, i) => [`k${i}`, i]),
    );
    expect(inputProblem(keys)).toBeNull();
  });

  it('refuses nesting past the limit, however deep, without overflowing the stack', () => {
    expect(inputProblem(nested(INPUT_LIMITS.depth + 1))?.kind).toBe('deep');
    expect(inputProblem({ a: nested(9000) })?.path).toMatch(/^a(\.0){31}$/);
    expect(inputProblem(nested(1_000_000))?.kind).toBe('deep');
  });

  it('refuses an object or list with too many entries, naming where it is', () => {
    expect(inputProblem(new Array(INPUT_LIMITS.entries + 1).fill(0))).toEqual({
      kind: 'wide',
      path: '',
    });
    const wide = Object.fromEntries(
      Array.from({ length: INPUT_LIMITS.entries + 1 }, (_, i) => [`k${i}`, i]),
    );
    expect(inputProblem({ songs: [{ tags: wide }] })).toEqual({
      kind: 'wide',
      path: 'songs.0.tags',
    });
  });

  it('takes as many entries as a route allows, and says that number when it refuses more', () => {
    const queue = { id: new Array(1500).fill('7') };
    expect(inputProblem(queue)?.kind).toBe('wide');
    expect(inputProblem(queue, 2000)).toBeNull();
    const refused = inputRefused(
      'body',
      inputProblem({ id: new Array(2001).fill('7') }, 2000)!,
      2000,
    );
    expect(refused.message).toBe(
      'id in the request body has too many entries: at most 2000 in one object or list',
    );
  });

  it('reports the first problem met, in document order', () => {
    expect(inputProblem({ a: 'x\u0000', b: nested(100) })).toEqual({ kind: 'nul', path: 'a' });
    expect(inputProblem({ b: nested(100), a: 'x\u0000' })?.kind).toBe('deep');
  });
});
