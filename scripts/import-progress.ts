import type { ImportReport } from '../server/modules/admin-songs/folder-import.ts';

/** How often a terminal's live line is redrawn. */
const REDRAW_MS = 100;
/** How often a log (output that is not a terminal) gets a line while files are imported. */
const LOG_EVERY_MS = 5000;

export interface ProgressOutput {
  /** A terminal redraws one live line; a log or a pipe gets a plain line now and then. */
  terminal: boolean;
  write(text: string): void;
  now(): number;
}

type Counts = Pick<ImportReport, 'imported' | 'skipped' | 'failed'>;

function counts(report: Counts): string {
  return `${report.imported} new · ${report.skipped} skipped · ${report.failed.length} failed`;
}

/** The terminal's live line: a bar, the share done and the counts so far. */
export function liveLine(done: number, total: number, report: Counts): string {
  const share = total === 0 ? 1 : done / total;
  const width = 30;
  const filled = Math.round(share * width);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
  return `${bar} ${Math.round(share * 100)}% ${done}/${total} · ${counts(report)}`;
}

/** A log's line: plain text, whole, one per line, so a journal or a file reads it as is. */
export function logLine(done: number, total: number, report: Counts): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return `Imported ${done} of ${total} files (${percent}%): ${counts(report)}`;
}

/**
 * The import's `onProgress`. On a terminal, a live line redrawn in place (a carriage return)
 * until the last file; elsewhere (systemd, a redirect, a pipe) a carriage return would pile up
 * as one endless line, so a plain line goes out at most every few seconds and none at the end,
 * where the summary follows.
 */
export function importProgress(
  output: ProgressOutput,
): (done: number, total: number, report: Counts) => void {
  let last = output.now();
  return (done, total, report) => {
    const finished = done === total;
    const now = output.now();
    if (!output.terminal) {
      if (finished || now - last < LOG_EVERY_MS) return;
      last = now;
      output.write(`${logLine(done, total, report)}\n`);
      return;
    }
    if (!finished && now - last < REDRAW_MS) return;
    last = now;
    output.write(`\r${liveLine(done, total, report)}\x1b[K${finished ? '\n' : ''}`);
  };
}
