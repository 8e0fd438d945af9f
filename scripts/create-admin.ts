/**
 * `npm run create-admin -- <email>`: creates an administrator, or promotes (and unblocks) an
 * existing account. On a terminal it asks for a password (empty = generate one); otherwise, or
 * with `--generate`, it generates one and prints it once. `--password-stdin` reads it from stdin.
 */
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { isValidEmail, normalizeEmail } from '../contract/rules/email.ts';
import { prepareDataDir } from '../server/bootstrap/data-dir.ts';
import { exitAfterFailedStart } from '../server/bootstrap/startup-errors.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/database.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { nowIso } from '../server/lib/time.ts';

const MIN_PASSWORD = 10;
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const positional = args.filter((arg) => !arg.startsWith('--'));
if (positional.length !== 1 || !isValidEmail(positional[0]!)) {
  console.error('Usage: npm run create-admin -- <email> [--generate | --password-stdin]');
  process.exit(2);
}
const email = normalizeEmail(positional[0]!);

/** Reads a line without echoing it (a terminal prompt for a password). */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    // The prompt goes out; what is typed after it does not.
    let echo = true;
    const output = new Writable({
      write(chunk, _encoding, done) {
        if (echo) process.stdout.write(chunk);
        done();
      },
    });
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    echo = false;
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function choosePassword(): Promise<{ password: string; generated: boolean }> {
  let typed = '';
  if (flags.has('--password-stdin')) typed = await readStdin();
  else if (!flags.has('--generate') && process.stdin.isTTY) {
    typed = await askHidden(
      `Password for ${email} (at least ${MIN_PASSWORD} characters; empty to generate): `,
    );
  }
  if (!typed) return { password: randomBytes(12).toString('base64url'), generated: true };
  if (typed.length < MIN_PASSWORD) {
    console.error(`The password must be at least ${MIN_PASSWORD} characters.`);
    process.exit(2);
  }
  return { password: typed, generated: false };
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  // The SQLite database lives in DATA_DIR; with PostgreSQL this script writes nothing there.
  if (config.databaseUrl === null) prepareDataDir(config.dataDir);
} catch (error) {
  exitAfterFailedStart(error);
}

const { password, generated } = await choosePassword();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
} catch (error) {
  exitAfterFailedStart(error);
}
const db = database.db;
const now = nowIso();
const hash = await hashPassword(password);
const existing = await db
  .selectFrom('users')
  .select(['id', 'role'])
  .where('email', '=', email)
  .executeTakeFirst();
if (existing) {
  await db
    .updateTable('users')
    .set({ role: 'admin', is_blocked: 0, password_hash: hash, updated_at: now })
    .where('id', '=', existing.id)
    .execute();
  // A new password should not leave old sessions signed in.
  await db.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
  console.log(
    existing.role === 'admin'
      ? `${email} is already an administrator; the password was replaced.`
      : `${email} is now an administrator.`,
  );
} else {
  await db
    .insertInto('users')
    .values({
      email,
      name: 'Administrator',
      password_hash: hash,
      role: 'admin',
      is_blocked: 0,
      is_premium: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  console.log(`Administrator ${email} created.`);
}
if (generated) console.log(`Password: ${password}\nKeep it safe; it is not shown again.`);
await database.close();
