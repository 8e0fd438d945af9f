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
