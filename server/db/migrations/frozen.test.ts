import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const migrationsDir = import.meta.dirname;
const root = path.resolve(migrationsDir, '..', '..', '..');

/** The TypeScript files under `dir`, skipping dependencies and build output. */
function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'data', '.git'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

/** What `file` imports, static or dynamic, resolved to absolute paths (packages as named). */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const text = fs.readFileSync(file, 'utf8');
  const found = [
    ...text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm),
    ...text.matchAll(/import\((\s*)()'([^']+)'\)/g),
  ];
  return found.map((match) => {
    const specifier = match[3]!;
    return {
      target: specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier,
      typeOnly: Boolean(match[2]),
    };
  });
}

const inMigrations = (file: string) => path.dirname(file) === migrationsDir;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const index = path.join(migrationsDir, 'index.ts');

/** The only files outside the migrations that may import them: the runner and its test. */
const RUNNERS = new Set(
  ['server/db/database.ts', 'server/db/migrate.postgres.test.ts'].map((file) =>
    path.join(root, file),
  ),
);

describe('migrations are frozen history', () => {
  it('are imported by no live code, only their list by the runner', () => {
    const offenders: string[] = [];
    for (const dir of ['server', 'web', 'contract', 'scripts', 'bench', 'tests']) {
      for (const file of sources(path.join(root, dir))) {
        if (inMigrations(file)) continue;
        for (const { target } of importsOf(file)) {
          if (!target.startsWith(`${migrationsDir}${path.sep}`)) continue;
          if (RUNNERS.has(file) && target === index) continue;
          offenders.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('import no live code, so changing it cannot change what they did', () => {
    const migrations = [...sources(migrationsDir)].filter((file) => !isTest(file));
    expect(migrations.length).toBeGreaterThan(20);
    const offenders: string[] = [];
    for (const file of migrations) {
      for (const { target, typeOnly } of importsOf(file)) {
        const allowed =
          target === 'kysely' ||
          inMigrations(target) ||
          // The engine's name is a type, gone once compiled.
          (typeOnly && target === path.join(migrationsDir, '..', 'dialect.ts'));
        if (!allowed) offenders.push(`${path.basename(file)} → ${path.relative(root, target)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
