/** Query keys of the admin area; mutations invalidate `admin` (and `catalog`, which listeners see). */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  users: (params: object) => ['admin', 'users', params] as const,
  songs: (params: object) => ['admin', 'songs', params] as const,
  artists: (params: object) => ['admin', 'artists', params] as const,
  artist: (id: number) => ['admin', 'artist', id] as const,
  artistChoices: () => ['admin', 'artist-choices'] as const,
  albumChoices: (artistIds: string) => ['admin', 'album-choices', artistIds] as const,
};

export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
