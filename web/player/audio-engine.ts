/**
 * The one <audio> element of the app, kept outside React so navigation never interrupts it.
 * It reports what happens through callbacks and does what it is told; the rules live in the
 * store and in player-state.ts.
 */
export interface EngineEvents {
  onTime(position: number, duration: number): void;
  onPlayingChange(playing: boolean): void;
  onWaiting(waiting: boolean): void;
  onEnded(): void;
  onError(message: string): void;
}

export class AudioEngine {
  readonly audio: HTMLAudioElement;
  /** A second element warms the browser cache with the next song so it starts without a gap. */
  private readonly preloader: HTMLAudioElement;
  private currentUrl: string | null = null;
  /** The song to warm up once the current one is playing. */
  private nextUrl: string | null = null;
  /** The load that already reported its failure: a broken file fails twice (see `fail`). */
  private failedUrl: string | null = null;

  constructor(private readonly events: EngineEvents) {
    this.audio = document.createElement('audio');
    this.audio.preload = 'auto';
    this.audio.dataset.player = 'main';
    this.audio.setAttribute('aria-hidden', 'true');
    this.preloader = document.createElement('audio');
    this.preloader.preload = 'auto';
    this.preloader.muted = true;
    this.preloader.dataset.player = 'preload';
    document.body.append(this.audio, this.preloader);

    const report = () =>
      this.events.onTime(
        this.audio.currentTime,
        Number.isFinite(this.audio.duration) ? this.audio.duration : 0,
      );
    this.audio.addEventListener('timeupdate', report);
    this.audio.addEventListener('durationchange', report);
    this.audio.addEventListener('loadedmetadata', report);
    this.audio.addEventListener('playing', () => {
      this.events.onWaiting(false);
      this.events.onPlayingChange(true);
      this.warmNext();
    });
    this.audio.addEventListener('pause', () => this.events.onPlayingChange(false));
    this.audio.addEventListener('waiting', () => this.events.onWaiting(true));
    this.audio.addEventListener('ended', () => this.events.onEnded());
    this.audio.addEventListener('error', () => this.fail(this.currentUrl));
  }

  /** Switches to `url` (a no-op when it is already loaded) and starts at `from` seconds. */
  load(url: string, options: { from?: number; autoplay: boolean }): void {
    // A file that failed is asked for again when chosen again (the server may be back).
    if (this.currentUrl !== url || this.failedUrl === url) {
      this.currentUrl = url;
      this.failedUrl = null;
      this.audio.src = url;
    }
    const from = options.from ?? 0;
    if (from > 0 || this.audio.currentTime > 0) this.audio.currentTime = from;
    if (options.autoplay) this.play();
    else this.audio.pause();
  }

  /** Whether the loaded song failed to play; playing it again means loading it again. */
  get failed(): boolean {
    return this.failedUrl !== null && this.failedUrl === this.currentUrl;
  }

  play(): void {
    const url = this.currentUrl;
    if (!url) return;
    this.events.onWaiting(true);
    this.audio.play().catch((error: unknown) => {
      // The queue may have moved on since: only the song still loaded speaks.
      if (this.currentUrl !== url) return;
      this.events.onWaiting(false);
      // A newer load or pause interrupts a pending play; that is not a failure.
      if ((error as Error).name === 'AbortError') return;
      if ((error as Error).name === 'NotAllowedError') {
        this.events.onPlayingChange(false);
        return;
      }
      this.fail(url);
    });
  }

  /**
   * A file that cannot play raises the element's `error` event and also rejects the pending
   * `play()`; reporting both would skip a second, good song and show two toasts.
   */
  private fail(url: string | null): void {
    if (!url || url !== this.currentUrl || this.failedUrl === url) return;
    this.failedUrl = url;
    this.events.onWaiting(false);
    this.events.onError('This song could not be played');
  }

  pause(): void {
    this.audio.pause();
  }

  seek(seconds: number): void {
    this.audio.currentTime = seconds;
  }

  setVolume(volume: number): void {
    this.audio.volume = volume;
  }

  /**
   * Warms the cache with `url`, but only once the current song plays: fetching both at the start
   * would make the song the listener asked for wait for bandwidth and server time.
   */
  preload(url: string | null): void {
    this.nextUrl = url;
    if (!this.audio.paused && this.audio.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) {
      this.warmNext();
    }
  }

  private warmNext(): void {
    const url = this.nextUrl;
    if (!url || this.preloader.src.endsWith(url)) return;
    this.preloader.src = url;
  }
}
