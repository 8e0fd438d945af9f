/**
 * What listeners may see, as SQL conditions on a row alias, shared by the queries that list or
 * find it. Songs carry their own flag (`listed`, maintained by triggers); an album shows while its
 * artist is enabled.
 */
export const VISIBLE_TO_LISTENERS = {
  songs: (row: string) => `${row}.listed = 1`,
  artists: (row: string) => `${row}.is_disabled = 0`,
  albums: (row: string) =>
    `exists (select 1 from artists va where va.id = ${row}.artist_id and va.is_disabled = 0)`,
  playlists: (row: string) => `${row}.is_public = 1`,
} as const;

/**
 * Whether album row `row` is listed: its artist is enabled and one of its songs is listed. An
 * album whose songs are all hidden or deleted shows nowhere, where it would open to an empty
 * page. The search index keeps albums by their artist alone (its triggers watch albums and
 * artists, not songs); what it finds reaches listeners through album reads that apply this.
 */
export function albumIsListed(row: string): string {
  return `${VISIBLE_TO_LISTENERS.albums(row)} and exists (select 1 from songs ls where ls.album_id = ${row}.id and ls.listed = 1)`;
}

/** Whether the song `id` (a column or value of the statement) is listed, as 1 or 0. */
function listedExpression(status: string, deleted: string, id: string): string {
  return `case when ${status} = 'Active' and ${deleted} = 0 and not exists (
      select 1 from song_artists sa join artists a on a.id = sa.artist_id
      where sa.song_id = ${id} and a.is_disabled = 1) then 1 else 0 end`;
}

/**
 * Statements that set every song's `listed` flag, and its copy on the song's credits, from the
 * tables: after a bulk load with the triggers that maintain them set aside.
 */
export const REFRESH_LISTED = [
  `update songs set listed = ${listedExpression('songs.status', 'songs.is_deleted', 'songs.id')}`,
  // A join, not a subquery per credit: PostgreSQL copies a million flags in seconds this way.
  'update song_artists set listed = s.listed from songs s where s.id = song_artists.song_id and song_artists.listed <> s.listed',
];
