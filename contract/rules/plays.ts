/** A play counts once a song has played this long, or to its end when it is shorter. */
export const PLAY_THRESHOLD_SECONDS = 30;
