import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/dialect.ts';
import { idList } from '../../db/id-list.ts';
import type { ArtistRow, Database } from '../../db/schema.ts';
import { containsPattern } from '../admin-users/admin-users.repository.ts';

export interface ArtistFilter {
  q: string | null;
  status: 'all' | 'active' | 'disabled';
}

const columns = [
  'id',
  'name',
  'description',
  'email',
  'image_key',
  'is_disabled',
  'verified',
  'created_at',
  'updated_at',
] as const;

function matches(filter: ArtistFilter) {
  return (eb: ExpressionBuilder<Database, 'artists'>) => {
    const conditions = [];
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      conditions.push(
        eb.or([
          sql<boolean>`casefold(artists.name) like ${pattern} escape '\\'`,
          sql<boolean>`casefold(coalesce(artists.email, '')) like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (filter.status !== 'all') {
      conditions.push(eb('artists.is_disabled', '=', filter.status === 'disabled' ? 1 : 0));
    }
    return eb.and(conditions);
  };
}

export class AdminArtistsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  list(filter: ArtistFilter, offset: number, limit: number): Promise<ArtistRow[]> {
    return this.db
      .selectFrom('artists')
      .select(columns)
      .where(matches(filter))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: ArtistFilter): Promise<number> {
    const row = await this.db
      .selectFrom('artists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(matches(filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async stats(recentFrom: string) {
    const row = await this.db
      .selectFrom('artists')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>('is_disabled').as('disabled'),
        eb.fn
          .sum<number>(eb.case().when('created_at', '>=', recentFrom).then(1).else(0).end())
          .as('recent'),
      ])
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const disabled = Number(row.disabled ?? 0);
    return { total, disabled, active: total - disabled, recent: Number(row.recent ?? 0) };
  }

  find(id: number): Promise<ArtistRow | undefined> {
    return this.db.selectFrom('artists').select(columns).where('id', '=', id).executeTakeFirst();
  }

  /** Songs credited to each artist, deleted ones excepted. */
  async songCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('song_artists')
      .innerJoin('songs', 'songs.id', 'song_artists.song_id')
      .select(['song_artists.artist_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('song_artists.artist_id', 'in', idList(this.dialect, ids))
      .where('songs.is_deleted', '=', 0)
      .groupBy('song_artists.artist_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.artist_id), Number(row.n)]));
  }

  async insert(values: {
    name: string;
    description: string;
    email: string | null;
    imageKey: string | null;
    at: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('artists')
      .values({
        name: values.name,
        description: values.description,
        email: values.email,
        image_key: values.imageKey,
        is_disabled: 0,
        verified: 0,
        created_at: values.at,
        updated_at: values.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    values: Partial<
      Pick<ArtistRow, 'name' | 'description' | 'email' | 'image_key' | 'is_disabled'>
    >,
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('artists')
      .set({ ...values, updated_at: at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
