/**
 * Progress of a run on stderr (stdout is the CLI's, for the summary): a cli-progress bar with rows/s
 * and ETA on a terminal; without one, the same figures as a plain line every few seconds
 * (cli-progress's noTTYOutput mode), which is what a cron log or a CI job keeps.
 */
import { SingleBar } from 'cli-progress';

export type ProgressMode = 'auto' | 'bar' | 'lines' | 'off';

export interface ProgressReporter {
  /** `rows`: rows written so far (including earlier attempts); `fraction`: share of the input done. */
  update(rows: number, fraction: number | null): void;
  stop(): void;
}

const SCALE = 1000;
const LINE_EVERY_MS = 10_000;

function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 90) return `${Math.round(seconds)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}

/**
 * Starts reporting; `startRows` are rows an earlier attempt already wrote (not counted in the rate).
 *
 * @example const progress = startProgress({ mode: 'auto', startRows: 0 })
 */
export function startProgress(options: {
  mode: ProgressMode;
  startRows: number;
  stream?: NodeJS.WriteStream;
}): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  const tty = stream.isTTY === true;
  const mode = options.mode === 'auto' ? (tty ? 'bar' : 'lines') : options.mode;
  if (mode === 'off') return { update: () => undefined, stop: () => undefined };
  const started = performance.now();
  const bar = new SingleBar({
    stream,
    format:
      mode === 'bar'
        ? 'batch |{bar}| {percent} | {rows} rows | {rate} rows/s | ETA {left}'
        : 'batch: {rows} rows, {rate} rows/s, {percent} done, ETA {left}',
    noTTYOutput: mode === 'lines',
    notTTYSchedule: LINE_EVERY_MS,
    hideCursor: mode === 'bar',
    etaBuffer: 50,
  });
  const payload = (rows: number, fraction: number | null) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? (rows - options.startRows) / seconds : 0;
    const left = fraction !== null && fraction > 0 ? (seconds / fraction) * (1 - fraction) : Number.NaN;
    return {
      rows: rows.toLocaleString('en-US'),
      rate: Math.round(rate).toLocaleString('en-US'),
      percent: fraction === null ? '?' : `${(fraction * 100).toFixed(1)}%`,
      left: formatSeconds(left),
    };
  };
  bar.start(SCALE, 0, payload(options.startRows, null));
  return {
    update(rows, fraction) {
      bar.update(fraction === null ? 0 : Math.round(fraction * SCALE), payload(rows, fraction));
    },
    stop() {
      bar.stop();
    },
  };
}
