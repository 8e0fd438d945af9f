import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from './admin.ts';

describe('ensureAdmin when instances start together', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const admins = () =>
    t.deps.db.selectFrom('users').selectAll().where('role', '=', 'admin').execute();

  it('creates the configured administrator once, and every instance starts', async () => {
    const options = { email: 'Boss@Example.com', password: 'a-long-password-1' };
    const results = await Promise.all([1, 2, 3].map(() => ensureAdmin(t.deps.db, options)));
    expect(results.filter((result) => result?.created)).toHaveLength(1);
    const rows = await admins();
    expect(rows.map((row) => row.email)).toEqual(['boss@example.com']);
    expect(await verifyPassword(rows[0]!.password_hash, options.password)).toBe(true);
  });

  it('prints one generated password, the one that works', async () => {
    const options = { email: null, password: null };
    const results = await Promise.all([1, 2, 3].map(() => ensureAdmin(t.deps.db, options)));
    const printed = results.flatMap((result) => (result?.generatedPassword ? [result] : []));
    expect(printed).toHaveLength(1);
    const rows = await admins();
    expect(rows.map((row) => row.email)).toEqual([DEFAULT_ADMIN_EMAIL]);
    expect(await verifyPassword(rows[0]!.password_hash, printed[0]!.generatedPassword!)).toBe(true);
  });
});
