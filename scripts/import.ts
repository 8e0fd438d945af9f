/**
 * `npm run import -- <folder>`: adds every audio file under a folder to the library (see
 * server/modules/admin-songs/folder-import.ts). Uses the same DATA_DIR / DATABASE_URL settings as
 * the server, so run it where the server runs; it is safe to run again (imported files are skipped).
 */
import path from 'node:path';
import { prepareDataDir } from '../server/bootstrap/data-dir.ts';
import { exitAfterFailedStart } from '../server/bootstrap/startup-errors.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/database.ts';
import { createMediaStore } from '../server/media/create-store.ts';
import { locateFfmpeg } from '../server/media/ffmpeg.ts';
import { type ImportReport, importFolder } from '../server/modules/admin-songs/folder-import.ts';
import { createSearchRepository } from '../server/modules/search/search.repository.ts';
import { importProgress } from './import-progress.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
  console.error('Usage: npm run import -- <folder>');
  process.exit(args.length === 1 ? 0 : 2);
}
const folder = path.resolve(args[0]!);

let config: ReturnType<typeof loadConfig>;
let media: Awaited<ReturnType<typeof createMediaStore>>;
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  config = loadConfig();
  prepareDataDir(config.dataDir);
  media = await createMediaStore(config);
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
} catch (error) {
  exitAfterFailedStart(error);
}

// Formats browsers cannot play are taken only when ffmpeg can transcode them for the web player.
const ffmpeg = locateFfmpeg(config.transcoding.ffmpegPath, process.env.PATH ?? '');
if (ffmpeg === null) {
  console.log('ffmpeg was not found: only formats browsers play are imported (see README, "Apps")');
}
console.log(`Importing ${folder}`);
let report: ImportReport;
try {
  report = await importFolder(
    { db: database.db, media, transcoder: { available: ffmpeg !== null } },
    folder,
    {
      onProgress: importProgress({
        terminal: process.stderr.isTTY,
        write: (text) => process.stderr.write(text),
        now: Date.now,
      }),
    },
  );
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  await database.close();
  process.exit(1);
}
if (report.imported > 0) {
  // Many new rows at once: compact the search indexes so searches stay quick.
  await createSearchRepository(database).optimize();
}
await database.close();

const rate = report.seconds > 0 ? Math.round(report.scanned / report.seconds) : report.scanned;
console.log(
  [
    '',
    `Scanned ${report.scanned} audio file(s) in ${report.seconds.toFixed(1)} s (${rate} files/s)`,
    `  imported:           ${report.imported}`,
    `  already imported:   ${report.skipped}`,
    `  failed:             ${report.failed.length}`,
    `  new artists:        ${report.artistsCreated}`,
    `  new albums:         ${report.albumsCreated}`,
  ].join('\n'),
);
if (report.failed.length > 0) {
  console.log('\nThese files were not imported:');
  for (const failure of report.failed) console.log(`  ${failure.file}: ${failure.reason}`);
}
process.exit(report.failed.length > 0 && report.imported === 0 && report.skipped === 0 ? 1 : 0);
