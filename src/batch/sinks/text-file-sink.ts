/**
 * JSONL and CSV output: encoded text from the workers appended at a tracked offset. A resume opens
 * the file, truncates it to the checkpointed length (dropping whatever was written after the last
 * checkpoint) and appends from there, so no row is lost and none is written twice.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { WardenError } from '../../model/errors.js';
import type { ChunkEncoding, ChunkOutput } from '../chunk-task.js';
import { csvHeaderOf } from '../result-records.js';
import type { BatchSink, SinkResume } from './batch-sink.js';

export async function openTextFileSink(
  path: string,
  encoding: Extract<ChunkEncoding, 'jsonl' | 'csv'>,
  resume: SinkResume | null,
  review = false,
): Promise<BatchSink> {
  let file: FileHandle;
  let position = 0;
  try {
    if (resume !== null && resume.bytes !== null) {
      file = await open(path, 'r+');
      const { size } = await file.stat();
      if (size < resume.bytes) {
        await file.close();
        throw new WardenError(
          'VALIDATION_ERROR',
          `Cannot resume: ${path} is shorter (${size} bytes) than its checkpoint says (${resume.bytes} bytes).`,
        );
      }
      await file.truncate(resume.bytes);
      position = resume.bytes;
    } else {
      file = await open(path, 'w');
      if (encoding === 'csv') {
        const header = Buffer.from(csvHeaderOf(review));
        await file.write(header, 0, header.length, 0);
        position = header.length;
      }
    }
  } catch (e) {
    if (e instanceof WardenError) throw e;
    throw new WardenError(
      'VALIDATION_ERROR',
      `Cannot write the output file ${path}: ${(e as Error).message}`,
      {
        cause: e,
      },
    );
  }
  return {
    encoding,
    async write(output: ChunkOutput) {
      const bytes = output.bytes;
      if (bytes === null || bytes.length === 0) return;
      let done = 0;
      while (done < bytes.length) {
        const { bytesWritten } = await file.write(bytes, done, bytes.length - done, position + done);
        done += bytesWritten;
      }
      position += bytes.length;
    },
    async sync() {
      await file.datasync();
      return position;
    },
    async close() {
      await file.close();
    },
  };
}
