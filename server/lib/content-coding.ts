/**
 * Whether a request's `Accept-Encoding` takes `coding` (`gzip`, `br`): named, and not refused
 * with `q=0`.
 */
export function accepts(header: string | string[] | undefined, coding: string): boolean {
  for (const item of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    if (name !== coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
