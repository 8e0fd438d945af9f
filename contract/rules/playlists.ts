/** Playlist limits, as plain values the web app may import without the TypeBox schemas. */
export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 300;
