import { spawnSync } from 'node:child_process';
import { ensureBuilt } from './dist.mjs';

/**
 * `npm test`: every check Chorus has, in order of speed. Each step runs even when an earlier one
 * failed, so one run shows everything that is wrong; the exit code is non-zero if any failed.
 * Pass step names to run only those, e.g. `npm test -- unit api`.
 */
const steps: Record<string, string[]> = {
  typecheck: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'],
  lint: ['node_modules/@biomejs/biome/bin/biome', 'check', '.'],
  unit: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit'],
  api: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api'],
  e2e: ['node_modules/@playwright/test/cli.js', 'test'],
};

const wanted = process.argv.slice(2).filter((arg) => arg in steps);
const selected = wanted.length > 0 ? wanted : Object.keys(steps);
const results: { step: string; ok: boolean; seconds: number }[] = [];

let built = false;
for (const step of selected) {
  // The API and browser tests start the compiled server: it is built once here, before test
  // files running side by side would each find it missing and build it at the same time.
  if ((step === 'api' || step === 'e2e') && !built) {
    console.log('\n▶ build');
    const started = Date.now();
    built = true;
    results.push({ step: 'build', ok: ensureBuilt(), seconds: (Date.now() - started) / 1000 });
  }
  console.log(`\n▶ ${step}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, steps[step]!, { stdio: 'inherit', env: process.env });
  results.push({ step, ok: result.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log('\nSummary');
for (const { step, ok, seconds } of results) {
  console.log(`  ${ok ? '✓' : '✗'} ${step.padEnd(10)} ${seconds.toFixed(1)} s`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`${results.length - failed} of ${results.length} steps green`);
process.exit(failed === 0 ? 0 : 1);
