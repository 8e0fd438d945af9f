import { type AppError, badRequest } from './errors.ts';

/**
 * How deep parsed input may nest, and how many entries one object or list may hold. No request
 * of Chorus needs more than a few levels or a few dozen entries; the limits are far above that
 * and far below what would make checking or validating a body costly.
 */
export const INPUT_LIMITS = { depth: 32, entries: 1000 } as const;

/** What is wrong with parsed input, and where (`name`, `songs.2.title`; '' for the value itself). */
export interface InputProblem {
  kind: 'nul' | 'deep' | 'wide';
  path: string;
}

/** `problem`, found under `key`: the path is built only on the way back from a problem. */
function under(key: string, problem: InputProblem): InputProblem {
  problem.path = problem.path ? `${key}.${problem.path}` : key;
  return problem;
}

function inspect(value: unknown, depth: number, entries: number): InputProblem | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { kind: 'nul', path: '' } : null;
  if (value === null || typeof value !== 'object') return null;
  // Checked before going down, so the walk's own stack stays as shallow as the limit.
  if (depth >= INPUT_LIMITS.depth) return { kind: 'deep', path: '' };
  if (Array.isArray(value)) {
    if (value.length > entries) return { kind: 'wide', path: '' };
    for (let i = 0; i < value.length; i++) {
      const found = inspect(value[i], depth + 1, entries);
      if (found) return under(String(i), found);
    }
    return null;
  }
  let seen = 0;
  for (const key in value) {
    if (++seen > entries) return { kind: 'wide', path: '' };
    if (key.includes('\u0000')) return { kind: 'nul', path: key };
    const found = inspect((value as Record<string, unknown>)[key], depth + 1, entries);
    if (found) return under(key, found);
  }
  return null;
}

/**
 * The first thing wrong with parsed input (a body, a query, a form), or null: a NUL character
 * in any text or key, nesting deeper than INPUT_LIMITS.depth, or an object or list with more
 * than `entries` entries (INPUT_LIMITS.entries unless a route says otherwise). One walk, each
 * value visited once, nothing allocated unless a problem is found.
 */
export function inputProblem(
  value: unknown,
  entries: number = INPUT_LIMITS.entries,
): InputProblem | null {
  return inspect(value, 0, entries);
}

/** Where the first NUL character sits in parsed input, or null when there is none. */
export function nulPath(value: unknown): string | null {
  const problem = inputProblem(value);
  return problem?.kind === 'nul' ? problem.path : null;
}

/** The 400 for text holding a NUL character (`where`: the field, or the part of the request). */
export const nulRefused = (where: string, field?: string) =>
  badRequest(`${where} must not contain the NUL character (\\u0000)`, field);

/** The 400 for `problem` in `part` of a request (body, query, params), whose lists hold `entries`. */
export function inputRefused(
  part: string,
  problem: InputProblem,
  entries: number = INPUT_LIMITS.entries,
): AppError {
  const where = problem.path || part;
  const field = problem.path || undefined;
  switch (problem.kind) {
    case 'nul':
      return nulRefused(where, field);
    case 'deep':
      return badRequest(
        `The request ${part} is nested too deeply: at most ${INPUT_LIMITS.depth} levels of objects and lists`,
      );
    case 'wide':
      return badRequest(
        `${problem.path ? `${problem.path} in the request ${part}` : `The request ${part}`} has too many entries: at most ${entries} in one object or list`,
        field,
      );
  }
}
