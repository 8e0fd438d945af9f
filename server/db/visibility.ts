/**
 * What listeners may see, as SQL conditions on a row alias, shared by the queries that list or
 * find it. Songs and albums carry their own flag (`listed`, maintained by triggers): a song is
 * active, not deleted and by enabled artists (migration 008); an album's artist is enabled and
 * one of its songs is listed (migration 027), so an album whose songs are all hidden or deleted
 * shows nowhere, where it would open to an empty page.
 */
export const VISIBLE_TO_LISTENERS = {
  songs: (row: string) => `${row}.listed = 1`,
  artists: (row: string) => `${row}.is_disabled = 0`,
  albums: (row: string) => `${row}.listed = 1`,
  playlists: (row: string) => `${row}.is_public = 1`,
} as const;

/** Whether the song `id` (a column or value of the statement) is listed, as 1 or 0. */
function listedExpression(status: string, deleted: string, id: string): string {
  return `case when ${status} = 'Active' and ${deleted} = 0 and not exists (
      select 1 from song_artists sa join artists a on a.id = sa.artist_id
      where sa.song_id = ${id} and a.is_disabled = 1) then 1 else 0 end`;
}

/** Whether album row `row` is listed, as 1 or 0. */
function albumListedExpression(row: string): string {
  return `case when exists (
      select 1 from artists la where la.id = ${row}.artist_id and la.is_disabled = 0)
    and exists (select 1 from songs ls where ls.album_id = ${row}.id and ls.listed = 1)
    then 1 else 0 end`;
}

/**
 * Statements that set every song's `listed` flag, its copy on the song's credits, and every
 * album's flag, from the tables: after a bulk load with the triggers that maintain them set aside.
 */
export const REFRESH_LISTED = [
  `update songs set listed = ${listedExpression('songs.status', 'songs.is_deleted', 'songs.id')}`,
  // A join, not a subquery per credit: PostgreSQL copies a million flags in seconds this way.
  'update song_artists set listed = s.listed from songs s where s.id = song_artists.song_id and song_artists.listed <> s.listed',
  `update albums set listed = ${albumListedExpression('albums')} where listed <> ${albumListedExpression('albums')}`,
];
