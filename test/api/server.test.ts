/**
 * startServer on a real loopback socket: it listens on a free port, and close() lets an in-flight
 * request finish, refuses new ones, and only then closes the engine.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/api/index.js';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/types.js';
import { anOrganizationRequest } from '../support/factories.js';
import { houseList } from '../support/house-list.js';

async function anObservedEngine(events: string[]): Promise<Engine> {
  const engine = await createEngine({ db: ':memory:', lists: [houseList()] });
  return {
    ...engine,
    close: async () => {
      events.push('engine closing');
      await engine.close();
      events.push('engine closed');
    },
  };
}

/** Sends the request head and half the body now; `finish()` sends the rest and resolves with the raw answer. */
function aSlowRequest(port: number, path: string, body: string) {
  const socket = connect(port, '127.0.0.1');
  const answer = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async start() {
      await opened;
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body.slice(0, half));
    },
    finish() {
      // write, not end: an HTTP server drops a request whose client half-closes the connection.
      socket.write(body.slice(half));
      return answer;
    },
  };
}

describe('startServer', () => {
  it('serves on 127.0.0.1 and a free port', async () => {
    const events: string[] = [];
    const server = await startServer({ engine: await anObservedEngine(events), port: 0 });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok', lists: [{ id: 'house@1' }] });
    } finally {
      await server.close();
    }
    expect(events).toEqual(['engine closing', 'engine closed']);
  });

  it('finishes an in-flight request at shutdown, refuses new connections, then closes the engine', async () => {
    const events: string[] = [];
    const engine = await anObservedEngine(events);
    const { client_id, client_secret } = await engine.clients.createClient({ name: 'Acme', now: Date.now() });
    const server = await startServer({ engine, port: 0 });

    const slow = aSlowRequest(
      server.port,
      '/api/v1/screening/entities/organizations',
      JSON.stringify(anOrganizationRequest({ client_id, client_secret })),
    );
    await slow.start();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closed = server.close().then(() => events.push('server closed'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    // Nothing closed while the request was in flight; it is answered in full, then everything closes.
    const answer = await slow.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    await closed;
    expect(events).toEqual(['engine closing', 'engine closed', 'server closed']);
    // close() is idempotent.
    await server.close();
  });

  it('leaves the engine open when told it outlives the server', async () => {
    const events: string[] = [];
    const engine = await anObservedEngine(events);
    const server = await startServer({ engine, port: 0, closeEngine: false });
    await server.close();
    expect(events).toEqual([]);
    await engine.close();
  });
});
