import type { Db } from '../db/database.ts';
import { JobQueue } from '../lib/job-queue.ts';
import { nowIso } from '../lib/time.ts';
import { deleteImage } from './images.ts';
import {
  type Collected,
  type MediaCheck,
  MediaChecksRepository,
} from './media-checks.repository.ts';
import { hashOfKey, isAudioKey, isContentHash, type MediaStore } from './media-store.ts';

/**
 * How long an object nothing refers to waits before it is deleted: long enough for an upload
 * to go from storing its bytes to the row that refers to them, which takes seconds.
 */
export const MEDIA_GRACE_MS = 5 * 60_000;
/** How often the collector looks for objects past their grace (and once at start). */
export const MEDIA_SWEEP_EVERY_MS = 60_000;
/** So an unreferenced object is gone this long after the change that let go of it, at most. */
export const MEDIA_COLLECTED_WITHIN_MS = MEDIA_GRACE_MS + MEDIA_SWEEP_EVERY_MS;

/** Checks read per query while sweeping, and written per statement while scanning. */
const SWEEP_BATCH = 200;
const SCAN_BATCH = 500;

/** What an upload tells the collector about the objects it stores (MediaBatch, folder import). */
export interface MediaHolds {
  /** Called before an object is looked up or stored: keeps it from a sweep for a grace period. */
  hold(check: MediaCheck): Promise<void>;
  /**
   * Called for each held object when the upload fails: deletes it now if no other upload holds
   * it and no row refers to it.
   */
  release(check: MediaCheck): Promise<Collected>;
}

/**
 * Deletes stored media that no row refers to. Candidates come from the database itself
 * (migration 014: triggers record what a row lets go of) and from uploads (`hold`), and are
 * deleted once past their grace if no row refers to them then. Shared content is safe: the
 * check looks at every row that may name the object, and an upload of the same bytes renews the
 * candidate's grace before it relies on the stored object (see MediaChecksRepository.collect).
 * Works the same on both engines and with any MediaStore: it removes objects with `delete` only
 * (and lists the store once, `scan`).
 */
export class MediaCollector implements MediaHolds {
  private readonly checks: MediaChecksRepository;
  private timer: NodeJS.Timeout | null = null;
  private readonly sweeps = new JobQueue(1);
  private lastSweep: Promise<number> = Promise.resolve(0);

  constructor(
    db: Db,
    private readonly media: MediaStore,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.checks = new MediaChecksRepository(db);
  }

  hold(check: MediaCheck): Promise<void> {
    return this.checks.hold(check, nowIso());
  }

  release(check: MediaCheck): Promise<Collected> {
    return this.checks.release(check, () => this.remove(check));
  }

  /**
   * Deletes every object whose grace ended by `now` that no row refers to; returns how many.
   * Sweeps run one after another.
   */
  sweep(now = Date.now()): Promise<number> {
    const sweep = this.sweeps.run(() => this.sweepOnce(now));
    this.lastSweep = sweep.catch(() => 0);
    return sweep;
  }

  private async sweepOnce(now: number): Promise<number> {
    const dueBy = new Date(now - MEDIA_GRACE_MS).toISOString();
    let removed = 0;
    for (;;) {
      const due = await this.checks.due(dueBy, SWEEP_BATCH);
      for (const check of due) {
        const collected = await this.checks.collect(check, dueBy, () => this.remove(check));
        if (collected === 'removed') removed++;
      }
      if (due.length < SWEEP_BATCH) return removed;
    }
  }

  /**
   * Scans the store (`scan`) if it was never scanned since migration 014; returns how many
   * objects it found, or null when no scan was due.
   */
  async scanIfDue(): Promise<number | null> {
    if (!(await this.checks.isScanDue())) return null;
    const found = await this.scan();
    await this.checks.scanDone();
    return found;
  }

  /**
   * Records a check of every object in the store, so those stored before the collector knew of
   * them (before migration 014) are swept too once no row uses them. Returns how many objects it
   * found.
   */
  async scan(): Promise<number> {
    let found = 0;
    let pending: MediaCheck[] = [];
    const flush = async () => {
      await this.checks.add(pending, nowIso());
      found += pending.length;
      pending = [];
    };
    let lastImage: string | null = null;
    for await (const key of this.media.list('images/')) {
      const hash = hashOfKey(key);
      // An image's files sit together: its original and variants give one check.
      if (!hash || hash === lastImage) continue;
      lastImage = hash;
      pending.push({ ref: hash, kind: 'image' });
      if (pending.length >= SCAN_BATCH) await flush();
    }
    for await (const key of this.media.list('audio/')) {
      if (!isAudioKey(key)) continue;
      pending.push({ ref: key, kind: 'audio' });
      if (pending.length >= SCAN_BATCH) await flush();
    }
    await flush();
    return found;
  }

  private async remove({ ref, kind }: MediaCheck): Promise<void> {
    // Only keys Chorus makes: a check never names anything outside the media it stores.
    if (kind === 'image' && isContentHash(ref)) await deleteImage(this.media, ref);
    else if (kind === 'audio' && isAudioKey(ref)) await this.media.delete(ref);
  }

  /**
   * Sweeps now and then every MEDIA_SWEEP_EVERY_MS until `stop()`; first lists the store when
   * that is due (`scanIfDue`). `onScan` hears how many objects a scan found.
   */
  start(onScan: (found: number) => void = () => {}): void {
    if (this.timer) return;
    this.scanIfDue()
      .then((found) => {
        if (found !== null) onScan(found);
      })
      .catch(this.onError);
    const tick = () => {
      // A sweep still waiting for its turn will see everything this one would.
      if (this.sweeps.queued === 0) this.sweep().catch(this.onError);
    };
    this.timer = setInterval(tick, MEDIA_SWEEP_EVERY_MS).unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.lastSweep;
  }
}
