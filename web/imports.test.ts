import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webDir = import.meta.dirname;
const contractDir = path.join(webDir, '..', 'contract');

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Contract files that load TypeBox (directly or through another contract file). */
function schemaFiles(): Set<string> {
  const files = fs.readdirSync(contractDir).filter((name) => name.endsWith('.ts'));
  const text = new Map(
    files.map((name) => [name, fs.readFileSync(path.join(contractDir, name), 'utf8')]),
  );
  const heavy = new Set(files.filter((name) => text.get(name)!.includes("'@sinclair/typebox'")));
  let grew = true;
  while (grew) {
    grew = false;
    for (const name of files) {
      if (heavy.has(name)) continue;
      const imports = [
        ...text.get(name)!.matchAll(/^import (?!type )[^;]*from '\.\/([\w-]+\.ts)'/gm),
      ];
      if (imports.some((match) => heavy.has(match[1]!))) {
        heavy.add(name);
        grew = true;
      }
    }
  }
  return heavy;
}

/** `import … from '…'` statements that bring values (not `import type`). */
function valueImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)([\s\S]*?)\s+from\s+'([^']+)'/gm)]
    .filter((match) => !/^\{\s*(type\s+[\w$]+\s*,?\s*)+\}$/.test(match[1]!.trim()))
    .map((match) => match[2]!);
}

describe('web imports', () => {
  it('takes only types from the TypeBox schema files of contract/, so TypeBox never ships to browsers', () => {
    const heavy = schemaFiles();
    expect(heavy.size).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const file of sources(webDir)) {
      for (const specifier of valueImports(fs.readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) {
          if (specifier.startsWith('@sinclair/typebox')) offenders.push(`${file}: ${specifier}`);
          continue;
        }
        const target = path.resolve(path.dirname(file), specifier);
        if (path.dirname(target) === contractDir && heavy.has(path.basename(target))) {
          offenders.push(`${path.relative(webDir, file)} → ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('recognises a value import of a schema file as one', () => {
    expect(valueImports("import { OTP_LENGTH } from '../contract/auth.ts';")).toEqual([
      '../contract/auth.ts',
    ]);
    expect(valueImports("import type { Song } from '../contract/catalog.ts';")).toEqual([]);
    expect(valueImports("import { type Song } from '../contract/catalog.ts';")).toEqual([]);
  });
});
