import type { Db } from '../db/database.ts';
import type { MediaChecksTable } from '../db/schema.ts';

export type MediaKind = MediaChecksTable['kind'];

export interface MediaCheck {
  ref: string;
  kind: MediaKind;
}

/** Which check of an object a collection may take: one past its grace, or one still held. */
export type Claim = { dueBy: string } | { holder: string };

export type Collected = 'removed' | 'in use' | 'not due';

/** The `media_checks` table (migration 013) and the questions the collector asks about it. */
export class MediaChecksRepository {
  constructor(private readonly db: Db) {}

  /** Records that `holder` is storing `ref` now, renewing any check already there. */
  async hold(check: MediaCheck, holder: string, now: string): Promise<void> {
    await this.db
      .insertInto('media_checks')
      .values({ ref: check.ref, kind: check.kind, since: now, holder })
      .onConflict((conflict) => conflict.column('ref').doUpdateSet({ since: now, holder }))
      .execute();
  }

  /** Records checks of objects no upload holds, leaving checks already there as they are. */
  async add(checks: MediaCheck[], now: string): Promise<void> {
    if (checks.length === 0) return;
    await this.db
      .insertInto('media_checks')
      .values(checks.map((check) => ({ ...check, since: now, holder: null })))
      .onConflict((conflict) => conflict.column('ref').doNothing())
      .execute();
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
   * Takes the check of `check.ref` when `claim` still describes it and, when no row refers to the
   * object, runs `remove` before the check is gone. The check's row stays locked meanwhile (a row
   * lock on PostgreSQL, the write lock on SQLite), so an upload of the same bytes, which renews
   * the check first (`hold`), waits for the removal and then stores the object again.
   */
  collect(check: MediaCheck, claim: Claim, remove: () => Promise<void>): Promise<Collected> {
    return this.db.transaction().execute(async (trx) => {
      let taking = trx.deleteFrom('media_checks').where('ref', '=', check.ref);
      taking =
        'dueBy' in claim
          ? taking.where('since', '<=', claim.dueBy)
          : taking.where('holder', '=', claim.holder);
      const taken = await taking.returning('ref').executeTakeFirst();
      if (!taken) return 'not due';
      if (await isReferenced(trx, check)) return 'in use';
      await remove();
      return 'removed';
    });
  }
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
