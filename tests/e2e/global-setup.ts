import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/database.ts';
import { freshDemoDataDir } from '../helpers/demo-template.ts';
import { recordPlays } from '../helpers/factories.ts';
import { startServer } from '../helpers/server-process.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';
import { E2E_ADMIN } from './support.ts';

/**
 * One real Chorus for the whole browser suite: the compiled server and app (built first when
 * stale), a temporary DATA_DIR with the demo
 * catalog, and a real SMTP server whose mail lands in `CHORUS_MAIL_DIR`.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = await freshDemoDataDir();
  await leadWithDemoSongs(dataDir);
  const mailDir = path.join(dataDir, 'mail');
  const smtp = await startSmtpSink(mailDir);
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO_CATALOG: 'on',
    },
    180_000,
  );
  process.env.CHORUS_URL = server.url;
  process.env.CHORUS_MAIL_DIR = mailDir;
  process.env.CHORUS_DATA_DIR = dataDir;
  return async () => {
    await server.stop();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Ten recent plays more for every demo song, keeping their order: journeys play their own short
 * songs to the end, which counts plays, and a few of those must not push the demo's songs out
 * of the home page's rankings that other journeys play from.
 */
async function leadWithDemoSongs(dataDir: string): Promise<void> {
  const handle = await openDatabase({ url: null, dataDir });
  try {
    const songs = await handle.db.selectFrom('songs').select('id').execute();
    for (const song of songs) {
      await recordPlays({ db: handle.db }, song.id, 10, { listener: (i) => `a:e2e-lead-${i}` });
    }
  } finally {
    await handle.close();
  }
}
