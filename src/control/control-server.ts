/**
 * The running server's side of the control socket (control-socket.ts): one JSON request per HTTP
 * POST, carried out on the server's own engine, one at a time. A list import makes the new version
 * active at once (import-into-engine.ts).
 */
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isListSource } from '../engine/import-list.js';
import type { Engine } from '../engine/types.js';
import { ControlRequest } from '../model/control-request.js';
import { isWardenError, parseOrThrow, WardenError } from '../model/errors.js';
import { importIntoEngine } from './import-into-engine.js';

const MAX_REQUEST_BYTES = 64 * 1024;

export interface ControlServer {
  readonly socket: string;
  close(): Promise<void>;
}

async function carryOut(engine: Engine, db: string, request: ControlRequest): Promise<unknown> {
  const now = Date.now();
  switch (request.op) {
    case 'lists.import':
      if (!isListSource(request.source)) {
        throw new WardenError('VALIDATION_ERROR', `Unknown list source "${request.source}".`);
      }
      return importIntoEngine(engine, db, {
        source: request.source,
        path: request.path,
        ...(request.listName ? { listName: request.listName } : {}),
      });
    case 'clients.create':
      return engine.clients.createClient({ name: request.name, webhookUrl: request.webhookUrl, now });
    case 'reviewers.create':
      engine.clients.getClient(request.clientId);
      return engine.review.reviewers.create({ ...request, now });
    case 'reviewers.disable':
      engine.clients.getClient(request.clientId);
      return engine.review.reviewers.disable(request.clientId, request.name, now);
    case 'reviewers.list':
      engine.clients.getClient(request.clientId);
      return engine.review.reviewers.list(request.clientId);
  }
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES)
      throw new WardenError('PAYLOAD_TOO_LARGE', 'The control request is too large.');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new WardenError('INVALID_JSON', 'The control request is not JSON.');
  }
}

/** True when something answers on the socket: another server already serves this file. */
function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(socket, () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

export async function startControlServer(engine: Engine, db: string, socket: string): Promise<ControlServer> {
  // A socket file nobody answers on was left by a server that was killed: it is taken over.
  if (existsSync(socket)) {
    if (await answers(socket)) {
      throw new WardenError(
        'CONFLICT',
        `Another warden server already serves ${db} (control socket ${socket}).`,
      );
    }
    unlinkSync(socket);
  }
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const answer = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const work = queue.then(async () => {
      const parsed = parseOrThrow(ControlRequest, await bodyOf(request));
      return carryOut(engine, db, parsed);
    });
    queue = work.catch(() => undefined);
    work.then(
      (result) => answer(200, result ?? null),
      (error: unknown) => {
        const e = isWardenError(error)
          ? error
          : new WardenError('INTERNAL_ERROR', 'The server could not carry out the request.');
        answer(e.status, e.toEnvelope());
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  chmodSync(socket, 0o600);
  return {
    socket,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
