/**
 * bzip2 decompression on a worker thread, so that it runs beside the XML parse instead of before
 * it: unbzip2-stream (pure JS) takes ~8.5 s for OFAC's 121 MB advanced XML and saxes ~9 s; in
 * parallel the import takes about the longer of the two. No file access here: compressed bytes
 * come in, decompressed bytes go out, with flow control so at most MAX_IN_FLIGHT blocks (~900 KB
 * each) wait between the two threads.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { WardenError } from '../model/errors.js';

const MAX_IN_FLIGHT = 8;

// The worker is CommonJS source evaluated in place: a separate .ts file could not be loaded the
// same way under tsx, vitest and the built dist/.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bunzip = require(workerData.unbzip2)();
let inFlight = 0;
let asked = false;
const pull = () => {
  if (inFlight < workerData.maxInFlight && !asked) {
    asked = true;
    parentPort.postMessage({ type: 'pull' });
  }
};
bunzip.on('data', (chunk) => {
  const copy = new Uint8Array(chunk);
  inFlight += 1;
  parentPort.postMessage({ type: 'data', chunk: copy }, [copy.buffer]);
});
bunzip.on('end', () => parentPort.postMessage({ type: 'end' }));
bunzip.on('error', (error) => parentPort.postMessage({ type: 'error', message: String((error && error.message) || error) }));
parentPort.on('message', (message) => {
  if (message.type === 'ack') inFlight -= 1;
  if (message.type === 'input') { asked = false; bunzip.write(Buffer.from(message.chunk)); }
  if (message.type === 'end') { bunzip.end(); return; }
  pull();
});
pull();
`;

type WorkerMessage =
  | { type: 'pull' }
  | { type: 'data'; chunk: Uint8Array }
  | { type: 'end' }
  | { type: 'error'; message: string };

/**
 * Decompresses a bzip2 byte stream on a worker thread, yielding the decompressed bytes.
 *
 * @example for await (const bytes of bunzip2InWorker(createReadStream('sdn_advanced.xml.bz2'))) …
 */
export async function* bunzip2InWorker(
  compressed: AsyncIterable<Uint8Array>,
  label: string,
): AsyncGenerator<Uint8Array> {
  const unbzip2 = createRequire(import.meta.url).resolve('unbzip2-stream');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { unbzip2, maxInFlight: MAX_IN_FLIGHT },
  });
  const input = compressed[Symbol.asyncIterator]();
  const ready: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  const feed = async (): Promise<void> => {
    try {
      const next = await input.next();
      if (next.done) worker.postMessage({ type: 'end' });
      else worker.postMessage({ type: 'input', chunk: next.value }, []);
    } catch (error) {
      failure = error as Error;
      notify();
    }
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'pull') void feed();
    else if (message.type === 'data') ready.push(message.chunk);
    else if (message.type === 'end') finished = true;
    else
      failure = new WardenError(
        'INVALID_LIST_FILE',
        `${label} is not valid bzip2 data (${message.message}).`,
      );
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  try {
    for (;;) {
      const chunk = ready.shift();
      if (chunk !== undefined) {
        worker.postMessage({ type: 'ack' });
        yield chunk;
      } else if (failure !== null) {
        throw failure;
      } else if (finished) {
        return;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } finally {
    await worker.terminate();
    await input.return?.();
  }
}
