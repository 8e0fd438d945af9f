import { PLAY_THRESHOLD_SECONDS } from '../../contract/rules/plays.ts';

/**
 * Counts the seconds a song is really heard (seeking ahead does not count) and reports one play
 * to the server once it reaches 30 s, or the end of a shorter song: popularity comes from real
 * listening. The server decides again whether it counts.
 */
export class PlayReporter {
  private songId: number | null = null;
  private heard = 0;
  private lastPosition = 0;
  private reported = false;

  constructor(
    private readonly send: (songId: number, seconds: number, completed: boolean) => void,
  ) {}

  /** A new song, or the same one from the start (repeat): counting starts over. */
  start(songId: number, position = 0): void {
    this.songId = songId;
    this.heard = 0;
    this.lastPosition = position;
    this.reported = false;
  }

  tick(songId: number, position: number, duration: number, playing: boolean): void {
    if (songId !== this.songId) this.start(songId, position);
    const step = position - this.lastPosition;
    this.lastPosition = position;
    // timeupdate fires about every 250 ms; a bigger jump is a seek, a negative one a rewind.
    if (playing && step > 0 && step < 2) this.heard += step;
    const needed =
      duration > 0 ? Math.min(PLAY_THRESHOLD_SECONDS, duration - 1) : PLAY_THRESHOLD_SECONDS;
    if (!this.reported && this.heard >= Math.max(1, needed)) this.report(false);
  }

  /** The song played to its end. */
  ended(songId: number): void {
    if (songId === this.songId && !this.reported && this.heard > 0) this.report(true);
  }

  private report(completed: boolean): void {
    if (this.songId === null) return;
    this.reported = true;
    this.send(this.songId, Math.round(this.heard * 10) / 10, completed);
  }
}
