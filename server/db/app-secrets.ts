import type { Db } from './database.ts';

/**
 * Reads a named value of `app_secrets`, storing `fresh` first when there is none. The first writer
 * wins, so instances starting together agree on one value.
 */
export async function storedSecret(
  db: Db,
  name: string,
  fresh: string,
  now: string,
): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: fresh, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
