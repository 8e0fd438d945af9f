import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Figure, meetsBudget, type Scenario } from './scenario.ts';

/**
 * `npm run bench [-- scenario …]`: runs the load scenarios in bench/scenarios/ and prints their
 * figures with the machine they ran on. Not part of `npm test`: figures, not pass/fail tests.
 */
const dir = path.join(import.meta.dirname, 'scenarios');
const available = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown scenario(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? wanted : available;

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`Chorus benchmarks — ${new Date().toISOString()}`);
console.log(
  `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}\n`,
);

const report: string[] = [];
let missed = 0;
for (const name of selected) {
  const module = (await import(path.join(dir, `${name}.ts`))) as { default: Scenario };
  const scenario = module.default;
  console.log(`▶ ${scenario.name}: ${scenario.description}`);
  const figures: Figure[] = await scenario.run();
  for (const figure of figures) {
    const verdict = meetsBudget(figure);
    if (verdict === false) missed++;
    const budget = figure.budget
      ? ` (budget ${figure.budget.op} ${figure.budget.value} ${figure.unit}: ${verdict ? 'met' : 'MISSED'})`
      : '';
    const line = `  ${figure.name}: ${Number.isInteger(figure.value) ? figure.value : figure.value.toFixed(2)} ${figure.unit}${budget}${figure.note ? ` — ${figure.note}` : ''}`;
    console.log(line);
    report.push(`${scenario.name} | ${line.trim()}`);
  }
  console.log('');
}
const out = path.join(import.meta.dirname, 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'latest.txt'), `${report.join('\n')}\n`);
console.log(missed === 0 ? 'Every budget met.' : `${missed} budget(s) missed.`);
