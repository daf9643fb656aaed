/**
 * Downloads an official list into a fresh temporary folder. A failed, refused or truncated
 * download is a clear error and leaves nothing behind, so the previous stored version stays active.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WardenError } from '../model/errors.js';
import type { OfficialFile, OfficialSource } from '../lists/official-sources.js';

export interface DownloadOptions {
  /** Replaces each file's origin: `${mirror}/${file.name}`. */
  readonly mirror?: string;
  readonly timeoutMs?: number;
}

function urlOf(file: OfficialFile, mirror: string | undefined): string {
  return mirror ? `${mirror.replace(/\/+$/, '')}/${file.name}` : file.url;
}

async function fetchFile(url: string, timeoutMs: number): Promise<Uint8Array | null> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (e) {
    const reason = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
    throw new WardenError('DOWNLOAD_FAILED', `Downloading ${url} failed: ${reason}.`);
  }
  if (response.status === 404) return null;
  if (!response.ok)
    throw new WardenError('DOWNLOAD_FAILED', `Downloading ${url} failed: HTTP ${response.status}.`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    throw new WardenError('DOWNLOAD_FAILED', `Downloading ${url} was cut off: ${(e as Error).message}.`);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared !== bytes.length) {
    throw new WardenError(
      'DOWNLOAD_FAILED',
      `Downloading ${url} was cut off: ${bytes.length} of ${declared} bytes.`,
    );
  }
  return bytes;
}

/** Downloads every file of a source; returns the folder (or the single file) to import, and a cleanup. */
export async function downloadOfficialSource(
  source: OfficialSource,
  options: DownloadOptions = {},
): Promise<{ path: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), `warden-${source.source}-`));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const file of source.files) {
      const url = urlOf(file, options.mirror);
      const bytes = await fetchFile(url, options.timeoutMs ?? 120_000);
      if (bytes === null) {
        if (file.optional) continue;
        throw new WardenError('DOWNLOAD_FAILED', `Downloading ${url} failed: HTTP 404.`);
      }
      writeFileSync(join(dir, file.name), bytes);
    }
  } catch (e) {
    cleanup();
    throw e;
  }
  const path = source.files.length === 1 ? join(dir, source.files[0]!.name) : dir;
  return { path, cleanup };
}
