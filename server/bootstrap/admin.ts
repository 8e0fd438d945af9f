import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { normalizeEmail } from '../../contract/rules/email.ts';
import type { Db } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { nowIso } from '../lib/time.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@chorus.local';

export interface AdminResult {
  email: string;
  /** Set only when a password was generated: it is shown once and never stored in clear. */
  generatedPassword: string | null;
  created: boolean;
}

/**
 * Makes sure an administrator exists. With ADMIN_EMAIL/ADMIN_PASSWORD that account is created or
 * brought in line (role and password); without them a first administrator gets a random password.
 */
export async function ensureAdmin(
  db: Db,
  options: { email: string | null; password: string | null },
): Promise<AdminResult | null> {
  const now = nowIso();
  if (options.email) {
    const email = normalizeEmail(options.email);
    const read = () =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    let existing = await read();
    const generated = options.password ? null : randomBytes(12).toString('base64url');
    const password = options.password ?? generated!;
    if (!existing) {
      const inserted = await db
        .insertInto('users')
        .values({
          email,
          name: 'Administrator',
          password_hash: await hashPassword(password),
          role: 'admin',
          is_blocked: 0,
          is_premium: 0,
          created_at: now,
          updated_at: now,
        })
        // Instances starting together race here: one creates the account, the others bring it
        // in line below.
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        return { email, generatedPassword: generated, created: true };
      }
      existing = await read();
      if (!existing) throw new Error(`The administrator ${email} could not be created`);
    }
    const updates: { role?: 'admin'; is_blocked?: 0; password_hash?: string; updated_at?: string } =
      {};
    if (existing.role !== 'admin') updates.role = 'admin';
    if (existing.is_blocked) updates.is_blocked = 0;
    if (options.password && !(await verifyPassword(existing.password_hash, options.password))) {
      updates.password_hash = await hashPassword(options.password);
    }
    if (Object.keys(updates).length > 0) {
      await db
        .updateTable('users')
        .set({ ...updates, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
    }
    return { email, generatedPassword: null, created: false };
  }

  const anyAdmin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirst();
  if (anyAdmin) return null;
  const generated = randomBytes(12).toString('base64url');
  const inserted = await db
    .insertInto('users')
    .values({
      email: DEFAULT_ADMIN_EMAIL,
      name: 'Administrator',
      password_hash: await hashPassword(generated),
      role: 'admin',
      is_blocked: 0,
      is_premium: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ role: 'admin', password_hash: (eb) => eb.ref('excluded.password_hash') })
        // A listener who signed up as admin@chorus.local becomes the administrator with the new
        // password; an administrator another instance created at the same moment stays as it is,
        // with the password that instance printed.
        .where('users.role', '!=', 'admin'),
    )
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  return { email: DEFAULT_ADMIN_EMAIL, generatedPassword: generated, created: true };
}

/** Where a generated password goes when no terminal is watching the start. */
export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

/**
 * Hands a generated password to the person starting Chorus, never to a log: it is written to the
 * terminal when the output is one, otherwise into a file only this user can read, whose path
 * (not its content) is printed. Output that is not a terminal is usually stored (a journal, a file).
 */
export function handOverPassword(
  admin: AdminResult & { generatedPassword: string },
  dataDir: string,
  terminal: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
): void {
  const lines = `    e-mail:   ${admin.email}\n    password: ${admin.generatedPassword}\n`;
  if (terminal.isTTY) {
    terminal.write(
      `\n  Administrator account created\n${lines}  Keep it safe; it is not shown again.\n\n`,
    );
    return;
  }
  const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `Chorus administrator\n${lines}`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  terminal.write(
    `\n  Administrator account created: ${admin.email}\n  Its password is in ${file} (readable only by this user); delete the file once you have it.\n\n`,
  );
}
