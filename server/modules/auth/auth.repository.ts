import { storedSecret } from '../../db/app-secrets.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

export type CodePurpose = 'login' | 'reset';

export interface CodeRow {
  id: number;
  codeHash: string;
  attempts: number;
  createdAt: string;
  expiresAt: string;
}

/** Accounts, one-time codes, and the bot check's storage. Queries only. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findUserById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts a listener; undefined when the e-mail is already taken (a unique-key race). */
  async insertUser(values: {
    email: string;
    name: string;
    passwordHash: string;
    dateOfBirth: string;
    gender: string;
    now: string;
  }): Promise<UserRow | undefined> {
    return this.db
      .insertInto('users')
      .values({
        email: values.email,
        name: values.name,
        password_hash: values.passwordHash,
        role: 'listener',
        is_blocked: 0,
        is_premium: 0,
        date_of_birth: values.dateOfBirth,
        gender: values.gender,
        created_at: values.now,
        updated_at: values.now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async setPassword(userId: number, passwordHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  /** A new code replaces every earlier one of its requester for the address and purpose. */
  async replaceCode(values: {
    email: string;
    purpose: CodePurpose;
    requestedBy: string;
    codeHash: string;
    createdAt: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('one_time_codes')
        .where('email', '=', values.email)
        .where('purpose', '=', values.purpose)
        .where('requested_by', '=', values.requestedBy)
        .execute();
      await trx
        .insertInto('one_time_codes')
        .values({
          email: values.email,
          purpose: values.purpose,
          code_hash: values.codeHash,
          attempts: 0,
          created_at: values.createdAt,
          expires_at: values.expiresAt,
          consumed_at: null,
          requested_by: values.requestedBy,
        })
        .execute();
    });
  }

  liveCode(
    email: string,
    purpose: CodePurpose,
    requestedBy: string,
    now: string,
  ): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('one_time_codes')
      .select([
        'id',
        'code_hash as codeHash',
        'attempts',
        'created_at as createdAt',
        'expires_at as expiresAt',
      ])
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('requested_by', '=', requestedBy)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Takes one try from a code before it is compared, in one statement, so parallel guesses cannot
   * get more than `maxAttempts` between them. False when the code has no tries left.
   */
  async takeAttempt(codeId: number, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', codeId)
      .where('attempts', '<', maxAttempts)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks a code used; false when another request used it first. */
  async consumeCode(codeId: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('one_time_codes')
      .set({ consumed_at: now })
      .where('id', '=', codeId)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteExpiredCodes(now: string): Promise<void> {
    await this.db.deleteFrom('one_time_codes').where('expires_at', '<=', now).execute();
  }

  /** Reads a named secret, creating it with `fresh` if none exists (the first writer wins). */
  secret(name: string, fresh: string, now: string): Promise<string> {
    return storedSecret(this.db, name, fresh, now);
  }

  /** Records a spent solution; false when it was spent before. */
  async spendSolution(challenge: string, expiresAt: string, now: string): Promise<boolean> {
    await this.db.deleteFrom('bot_check_solutions').where('expires_at', '<=', now).execute();
    const row = await this.db
      .insertInto('bot_check_solutions')
      .values({ challenge, expires_at: expiresAt })
      .onConflict((oc) => oc.column('challenge').doNothing())
      .returning('challenge')
      .executeTakeFirst();
    return row !== undefined;
  }
}
