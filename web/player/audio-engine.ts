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
  /**
   * A second element warms the browser cache with the next song, so it starts without waiting
   * for its bytes (the server only confirms they are still current).
   */
  private readonly preloader: HTMLAudioElement;
  private currentUrl: string | null = null;
  /** The song to warm up once the current one is playing. */
  private nextUrl: string | null = null;
  /** The load that already reported its failure: a broken file fails twice (see `fail`). */
  private failedUrl: string | null = null;
  /** The song's length from its record: a live transcode has no length of its own yet. */
  private songSeconds = 0;
  /**
   * Where in the song the loaded response starts: 0, or the second a live transcode was asked to
   * start from (`?t=`) because the browser cannot seek in a response still being made.
   */
  private offset = 0;
  /** A seek asked for before the response's metadata came: checked once it is known. */
  private pendingSeek: number | null = null;

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

    const report = () => this.events.onTime(this.offset + this.audio.currentTime, this.duration);
    this.audio.addEventListener('timeupdate', report);
    this.audio.addEventListener('durationchange', report);
    this.audio.addEventListener('loadedmetadata', () => {
      const seconds = this.pendingSeek;
      this.pendingSeek = null;
      if (seconds !== null && !this.canSeek(seconds)) this.startAt(seconds);
      report();
    });
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

  /**
   * The song's length: the element's once it knows it (a whole file), else the song record's
   * (a live transcode is sent as it is made, with no length, and one from `?t=` is a part).
   */
  private get duration(): number {
    const own = this.audio.duration;
    return this.offset === 0 && Number.isFinite(own) && own > 0 ? own : this.songSeconds;
  }

  /**
   * Switches to `url` (a no-op when it is already loaded) and starts at `from` seconds;
   * `seconds` is the song's length from its record.
   */
  load(url: string, options: { from?: number; autoplay: boolean; seconds: number }): void {
    this.songSeconds = options.seconds;
    // A file that failed is asked for again when chosen again (the server may be back).
    if (this.currentUrl !== url || this.failedUrl === url) {
      this.currentUrl = url;
      this.failedUrl = null;
      this.offset = 0;
      this.pendingSeek = null;
      this.audio.src = url;
    }
    const from = options.from ?? 0;
    if (from > 0 || this.offset + this.audio.currentTime > 0) this.seek(from);
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

  /** Stops and lets go of the loaded song and the one warmed up, so neither is fetched further. */
  unload(): void {
    this.songSeconds = 0;
    this.currentUrl = null;
    this.failedUrl = null;
    this.nextUrl = null;
    this.offset = 0;
    this.pendingSeek = null;
    for (const element of [this.audio, this.preloader]) {
      element.pause();
      element.removeAttribute('src');
      element.load();
    }
  }

  /**
   * Moves to `seconds` into the song. Within the loaded response the element seeks; a live
   * transcode cannot be sought past what has arrived, so the song is asked for again from there
   * (`?t=`, a transcode that starts at that second).
   */
  seek(seconds: number): void {
    if (this.audio.readyState < HTMLMediaElement.HAVE_METADATA) {
      // Known once the metadata comes: until then the element keeps the place asked for.
      this.pendingSeek = seconds;
      this.audio.currentTime = Math.max(0, seconds - this.offset);
      return;
    }
    if (this.canSeek(seconds)) this.audio.currentTime = seconds - this.offset;
    else this.startAt(seconds);
  }

  /**
   * Whether the element can go to `seconds` of the song in the loaded response. A response of
   * unknown length (a live transcode) is seekable only in what has arrived: past it, the browser
   * would guess a byte offset from the bit rate and land elsewhere than the time it shows.
   */
  private canSeek(seconds: number): boolean {
    const at = seconds - this.offset;
    if (at < 0) return false;
    const ranges = Number.isFinite(this.audio.duration) ? this.audio.seekable : this.audio.buffered;
    for (let i = 0; i < ranges.length; i++) {
      if (ranges.start(i) <= at && at <= ranges.end(i)) return true;
    }
    return false;
  }

  /** Loads the song again from `seconds` on (the whole song from the start). */
  private startAt(seconds: number): void {
    const url = this.currentUrl;
    if (!url) return;
    const playing = !this.audio.paused;
    this.offset = Math.max(0, Math.floor(seconds));
    this.audio.src =
      this.offset > 0 ? `${url}${url.includes('?') ? '&' : '?'}t=${this.offset}` : url;
    if (playing) this.play();
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
