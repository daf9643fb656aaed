/**
 * Writes a full run's token sidecar (row-sources.ts) on the main thread, in row order,
 * from what the workers return with each chunk: numbers copied into the rows file and the workers'
 * new strings appended to the text file. Buffered, written on the writer's I/O chain; `sync` makes
 * it durable and returns the position a checkpoint records; a resumed run truncates the files back
 * to that position (its workers start afresh, so they send again any string they need).
 */
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileDurably } from './checkpoint.js';
import { SourceTable } from './row-gate.js';
import { buildRowPostings, encodeRowPostings } from './row-postings.js';
import type { SeekPoints } from './sources/portfolio-source.js';
import type { RowSourcesIdentity } from './row-sources-reach.js';
import {
  ROW_KIND,
  ROW_SOURCES_FORMAT,
  rowSourcesFiles,
  type ChunkRowSources,
  type RowSourcesManifest,
  type RowSourcesPosition,
} from './row-sources.js';

/** Buffered bytes that trigger a write (not a sync). */
const FLUSH_BYTES = 1 << 20;

export class RowSourcesWriter {
  readonly #files: ReturnType<typeof rowSourcesFiles>;
  readonly #rowsFile: FileHandle;
  readonly #stringsFile: FileHandle;
  readonly #position: RowSourcesPosition;
  #buffer = new Uint8Array(1 << 16);
  #buffered = 0;
  #text: string[] = [];
  #textLines = 0;
  #rowsWritten: number;

  private constructor(
    files: ReturnType<typeof rowSourcesFiles>,
    rowsFile: FileHandle,
    stringsFile: FileHandle,
    position: RowSourcesPosition,
  ) {
    this.#files = files;
    this.#rowsFile = rowsFile;
    this.#stringsFile = stringsFile;
    this.#position = { ...position };
    this.#rowsWritten = position.rows;
  }

  /**
   * Starts the sidecar at `base` afresh (its old manifest goes first, so a crash never leaves an old
   * manifest over new rows), or continues it from a checkpointed position.
   */
  static async open(base: string, resume: RowSourcesPosition | null): Promise<RowSourcesWriter> {
    const files = rowSourcesFiles(base);
    await rm(files.manifest, { force: true });
    if (resume === null) {
      const rows = await open(files.rows, 'w');
      const strings = await open(files.strings, 'w');
      return new RowSourcesWriter(files, rows, strings, { rows: 0, bytes: 0, strings: 0, text_bytes: 0 });
    }
    const rows = await open(files.rows, 'r+');
    const strings = await open(files.strings, 'r+');
    await rows.truncate(resume.bytes);
    await strings.truncate(resume.text_bytes);
    return new RowSourcesWriter(files, rows, strings, resume);
  }

  /** Rows recorded so far (from the portfolio's start). */
  get rows(): number {
    return this.#rowsWritten;
  }

  #reserve(bytes: number): void {
    if (this.#buffered + bytes <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#buffered + bytes));
    grown.set(this.#buffer.subarray(0, this.#buffered));
    this.#buffer = grown;
  }

  #varint(value: number): void {
    let v = value;
    while (v >= 0x80) {
      this.#buffer[this.#buffered++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.#buffer[this.#buffered++] = v;
  }

  #u32(value: number): void {
    this.#buffer[this.#buffered++] = value & 0xff;
    this.#buffer[this.#buffered++] = (value >>> 8) & 0xff;
    this.#buffer[this.#buffered++] = (value >>> 16) & 0xff;
    this.#buffer[this.#buffered++] = value >>> 24;
  }

  /** Records the next chunk's rows (chunks arrive in row order). */
  async write(chunk: ChunkRowSources): Promise<void> {
    if (chunk.stringCount > 0) {
      this.#text.push(chunk.strings);
      this.#textLines += chunk.stringCount;
    }
    this.#reserve(chunk.heads.length * 11 + chunk.hashes.length * 5);
    let next = 0;
    for (let r = 0; r < chunk.heads.length; r++) {
      const head = chunk.heads[r]!;
      this.#varint(head);
      if ((head & 3) === ROW_KIND.NONE) continue;
      this.#u32(chunk.idHashes[r]!);
      this.#u32(chunk.secondary[r]!);
      const end = next + (head >>> 2);
      for (let t = next; t < end; t++) this.#u32(chunk.hashes[t]!);
      for (; next < end; next++) this.#buffer[this.#buffered++] = chunk.classes[next]!;
    }
    if (next !== chunk.hashes.length) throw new Error('A chunk sent more tokens than its rows count.');
    this.#rowsWritten += chunk.heads.length;
    if (this.#buffered >= FLUSH_BYTES) await this.#flush();
  }

  async #flush(): Promise<void> {
    if (this.#buffered > 0) {
      const bytes = this.#buffer.subarray(0, this.#buffered);
      await writeAll(this.#rowsFile, bytes, this.#position.bytes);
      this.#position.bytes += bytes.length;
      this.#buffered = 0;
    }
    if (this.#text.length > 0) {
      const bytes = Buffer.from(this.#text.join(''));
      await writeAll(this.#stringsFile, bytes, this.#position.text_bytes);
      this.#position.text_bytes += bytes.length;
      this.#position.strings += this.#textLines;
      this.#text = [];
      this.#textLines = 0;
    }
    this.#position.rows = this.#rowsWritten;
  }

  /** Writes and fsyncs what is recorded; returns the position a checkpoint can resume from. */
  async sync(): Promise<RowSourcesPosition> {
    await this.#flush();
    await this.#rowsFile.datasync();
    await this.#stringsFile.datasync();
    return { ...this.#position };
  }

  /**
   * Completes the sidecar: everything durable, the postings built from it (row-postings.ts) with the
   * portfolio's seek points if its read found some, then the manifest that makes delta runs trust it.
   */
  async finish(identity: RowSourcesIdentity, out: string, seeks: SeekPoints | null): Promise<void> {
    const position = await this.sync();
    const [rows, strings] = await Promise.all([
      readFile(this.#files.rows),
      readFile(this.#files.strings, 'utf8'),
    ]);
    const postings = encodeRowPostings(
      buildRowPostings(rows, new SourceTable(strings), position.rows, seeks),
    );
    await writeFileDurably(this.#files.postings, postings);
    await writeFileDurably(
      this.#files.manifest,
      JSON.stringify({
        format: ROW_SOURCES_FORMAT,
        ...identity,
        columns: { ...identity.columns },
        finished_at: new Date().toISOString(),
        out: resolve(out),
        ...position,
        postings_bytes: postings.length,
      } satisfies RowSourcesManifest),
    );
  }

  async close(): Promise<void> {
    await this.#rowsFile.close();
    await this.#stringsFile.close();
  }
}

async function writeAll(file: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await file.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}
