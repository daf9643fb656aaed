/**
 * The coordinator's progress on stderr: rows screened by the fleet (committed shards), rows/s over
 * this attempt, ETA, workers connected and seen, shards done — rewritten in place on a terminal, a
 * plain line every 10 s otherwise (a cron log keeps those), and a last line at the end.
 */
import type { ProgressMode } from '../batch/progress.js';
import type { WatchState } from './run-watch.js';

const LINE_EVERY_MS = 10_000;
const BAR_EVERY_MS = 250;

export interface DistributedProgress {
  update(state: WatchState): void;
  stop(state: WatchState | null): void;
}

function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 90) return `${Math.round(seconds)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}

/**
 * Starts reporting on a run of `rows` rows in `shards` shards, of which `startRows` were screened
 * before this attempt (not counted in its rate).
 */
export function startDistributedProgress(options: {
  readonly mode: ProgressMode;
  readonly rows: number;
  readonly shards: number;
  readonly startRows: number;
  readonly stream?: NodeJS.WriteStream;
}): DistributedProgress {
  const stream = options.stream ?? process.stderr;
  const mode = options.mode === 'auto' ? (stream.isTTY ? 'bar' : 'lines') : options.mode;
  if (mode === 'off') return { update: () => undefined, stop: () => undefined };
  const started = performance.now();
  let last = -Infinity;
  const line = (s: WatchState) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? (s.committedRows - options.startRows) / seconds : 0;
    const left = rate > 0 ? (options.rows - s.committedRows) / rate : Number.NaN;
    const percent = options.rows > 0 ? ((s.committedRows / options.rows) * 100).toFixed(1) : '100.0';
    const away = s.redisAwaySince === null ? '' : ', Redis not answering';
    return (
      `distributed: ${s.committedRows.toLocaleString('en-US')} of ${options.rows.toLocaleString('en-US')} rows ` +
      `(${percent}%), ${Math.round(rate).toLocaleString('en-US')} rows/s, ETA ${formatSeconds(left)}, ` +
      `${s.workersNow} workers (${s.workersSeen} seen), ${s.committed.size}/${options.shards} shards${away}`
    );
  };
  const write = (s: WatchState, final: boolean) => {
    if (mode === 'bar') stream.write(`\r${line(s)}\u001b[K${final ? '\n' : ''}`);
    else stream.write(`${line(s)}\n`);
  };
  return {
    update(s) {
      const now = performance.now();
      if (now - last < (mode === 'bar' ? BAR_EVERY_MS : LINE_EVERY_MS)) return;
      last = now;
      write(s, false);
    },
    stop(s) {
      if (s !== null) write(s, true);
    },
  };
}
