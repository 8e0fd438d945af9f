/** Playlist limits, as plain values the web app may import without the TypeBox schemas. */
export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 300;

/** What one listener's uploaded playlist covers may take up in all (distinct images counted once). */
export const PLAYLIST_COVERS_MAX_BYTES = 50 * 1024 * 1024;
