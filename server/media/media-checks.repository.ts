import type { Db } from '../db/database.ts';
import type { MediaChecksTable } from '../db/schema.ts';

export type MediaKind = MediaChecksTable['kind'];

export interface MediaCheck {
  ref: string;
  kind: MediaKind;
}

export type Collected = 'removed' | 'in use' | 'not due';

/** The `media_checks` table (migration 014) and the questions the collector asks about it. */
export class MediaChecksRepository {
  constructor(private readonly db: Db) {}

  /** Records that an upload is storing `ref` now: one more holder, and a fresh grace. */
  async hold(check: MediaCheck, now: string): Promise<void> {
    await this.db
      .insertInto('media_checks')
      .values({ ref: check.ref, kind: check.kind, since: now, holders: 1 })
      .onConflict((conflict) =>
        conflict.column('ref').doUpdateSet((update) => ({
          since: now,
          holders: update('media_checks.holders', '+', 1),
        })),
      )
      .execute();
  }

  /** Records checks of objects no upload holds, leaving checks already there as they are. */
  async add(checks: MediaCheck[], now: string): Promise<void> {
    if (checks.length === 0) return;
    await this.db
      .insertInto('media_checks')
      .values(checks.map((check) => ({ ...check, since: now, holders: 0 })))
      .onConflict((conflict) => conflict.column('ref').doNothing())
      .execute();
  }

  async isScanDue(): Promise<boolean> {
    return (
      (await this.db.selectFrom('media_scan_due').select('id').executeTakeFirst()) !== undefined
    );
  }

  async scanDone(): Promise<void> {
    await this.db.deleteFrom('media_scan_due').execute();
  }

  /** Checks whose grace ended by `dueBy`, oldest first. */
  due(dueBy: string, limit: number): Promise<MediaCheck[]> {
    return this.db
      .selectFrom('media_checks')
      .select(['ref', 'kind'])
      .where('since', '<=', dueBy)
      .orderBy('since')
      .limit(limit)
      .execute();
  }

  /**
   * Takes the check of an object past its grace (`dueBy`, whoever held it) and, when no row
   * refers to the object, runs `remove` before the check is gone. The check's row stays locked
   * meanwhile (a row lock on PostgreSQL, the write lock on SQLite), so an upload of the same
   * bytes, which renews the check first (`hold`), waits for the removal and then stores the
   * object again.
   */
  collect(check: MediaCheck, dueBy: string, remove: () => Promise<void>): Promise<Collected> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('media_checks')
        .where('ref', '=', check.ref)
        .where('since', '<=', dueBy)
        .returning('ref')
        .executeTakeFirst();
      if (!taken) return 'not due';
      return removeUnused(trx, check, remove);
    });
  }

  /**
   * One holder lets go of `check.ref` (its upload failed). When it was the last, the check is
   * taken and the object removed as `collect` does; while another upload holds it, it stays.
   */
  release(check: MediaCheck, remove: () => Promise<void>): Promise<Collected> {
    return this.db.transaction().execute(async (trx) => {
      const left = await trx
        .updateTable('media_checks')
        .set((update) => ({ holders: update('holders', '-', 1) }))
        .where('ref', '=', check.ref)
        .where('holders', '>', 0)
        .returning('holders')
        .executeTakeFirst();
      if (!left) return 'not due';
      if (left.holders > 0) return 'in use';
      await trx.deleteFrom('media_checks').where('ref', '=', check.ref).execute();
      return removeUnused(trx, check, remove);
    });
  }
}

async function removeUnused(
  trx: Db,
  check: MediaCheck,
  remove: () => Promise<void>,
): Promise<Collected> {
  if (await isReferenced(trx, check)) return 'in use';
  await remove();
  return 'removed';
}

async function isReferenced(db: Db, { ref, kind }: MediaCheck): Promise<boolean> {
  const uses =
    kind === 'audio'
      ? [
          () =>
            db
              .selectFrom('songs')
              .select('id')
              .where('audio_key', '=', ref)
              .limit(1)
              .executeTakeFirst(),
        ]
      : [
          () =>
            db
              .selectFrom('playlists')
              .select('id')
              .where('cover_key', '=', ref)
              .limit(1)
              .executeTakeFirst(),
          () =>
            db
              .selectFrom('artists')
              .select('id')
              .where('image_key', '=', ref)
              .limit(1)
              .executeTakeFirst(),
          () =>
            db
              .selectFrom('albums')
              .select('id')
              .where('cover_key', '=', ref)
              .limit(1)
              .executeTakeFirst(),
          () =>
            db
              .selectFrom('songs')
              .select('id')
              .where('cover_key', '=', ref)
              .limit(1)
              .executeTakeFirst(),
        ];
  for (const use of uses) if (await use()) return true;
  return false;
}
