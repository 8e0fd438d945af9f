import { describe, expect, it } from 'vitest';
import { importProgress, liveLine } from './import-progress.ts';

/** Feeds `files` outcomes to the import's progress, one every `stepMs`, and returns the output. */
function run(terminal: boolean, files: number, stepMs: number): string {
  let clock = 0;
  let written = '';
  const progress = importProgress({
    terminal,
    write: (text) => {
      written += text;
    },
    now: () => clock,
  });
  for (let done = 1; done <= files; done++) {
    clock += stepMs;
    progress(done, files, { imported: done, skipped: 0, failed: [] });
  }
  return written;
}

describe('the import progress', () => {
  it('writes a log a plain line every 5 seconds at most, and none at the end, where the summary follows', () => {
    // 1,000 files at 20 ms each: 20 s.
    expect(run(false, 1000, 20).split('\n')).toEqual([
      'Imported 250 of 1000 files (25%): 250 new · 0 skipped · 0 failed',
      'Imported 500 of 1000 files (50%): 500 new · 0 skipped · 0 failed',
      'Imported 750 of 1000 files (75%): 750 new · 0 skipped · 0 failed',
      '',
    ]);
    // A quick import leaves the log its summary alone.
    expect(run(false, 100, 20)).toBe('');
  });

  it('redraws one live line on a terminal, ten times a second, ended by the last file', () => {
    const written = run(true, 1000, 20);
    const redraws = written.split('\r').filter(Boolean);
    expect(redraws).toHaveLength(200);
    expect(redraws.at(-1)).toBe(
      `${liveLine(1000, 1000, { imported: 1000, skipped: 0, failed: [] })}\x1b[K\n`,
    );
    expect(written.split('\n')).toHaveLength(2);
  });
});
