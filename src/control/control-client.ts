/**
 * The command line's side of the control socket: hands a request to the server running on the
 * DuckDB file, when there is one. "No server" (no socket, or nobody answering on it) is `undefined`,
 * and the command then opens the file itself; the server's refusal is its WardenError.
 */
import { request as httpRequest } from 'node:http';
import type { ControlRequest } from '../model/control-request.js';
import { ERROR_STATUS, WardenError, type ErrorCode } from '../model/errors.js';
import { controlSocketOf } from './control-socket.js';

const NO_SERVER = new Set(['ENOENT', 'ECONNREFUSED']);

export function askRunningServer<T>(db: string, body: ControlRequest): Promise<T | undefined> {
  const socketPath = controlSocketOf(db);
  if (socketPath === null) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { socketPath, method: 'POST', path: '/', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
          if (res.statusCode === 200) return resolve(value as T);
          const { error, error_code } = value as { error: string; error_code: string };
          const code = (error_code in ERROR_STATUS ? error_code : 'INTERNAL_ERROR') as ErrorCode;
          reject(new WardenError(code, error));
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code !== undefined && NO_SERVER.has(error.code) ? resolve(undefined) : reject(error),
    );
    req.end(JSON.stringify(body));
  });
}
