import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/database.ts';
import { LocalMediaStore } from '../server/media/local-store.ts';

// `npm run openapi`: builds the app on a throw-away database and writes the OpenAPI document its
// route schemas generate (the same one /api/docs serves) to docs/openapi.json.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-openapi-'));
try {
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), webDir: null };
  const database = await openDatabase({ url: null, dataDir });
  await migrate(database);
  const app = await buildApp({
    config,
    database,
    media: new LocalMediaStore(path.join(dataDir, 'media')),
    logger: false,
  });
  const target = path.resolve(import.meta.dirname, '../docs/openapi.json');
  fs.writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  await database.close();
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
