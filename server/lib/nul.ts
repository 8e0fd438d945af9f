import { badRequest } from './errors.ts';

/**
 * Where the first NUL character sits in parsed input (`name`, `songs.2.title`; '' for the value
 * itself), or null when there is none.
 */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/** The 400 for text holding a NUL character (`where`: the field, or the part of the request). */
export const nulRefused = (where: string, field?: string) =>
  badRequest(`${where} must not contain the NUL character (\\u0000)`, field);
