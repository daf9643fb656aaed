/**
 * The JSON body parser, in place of fastify's, which answered a syntax error and a "__proto__" key
 * with one sentence ("not valid JSON") and read a gzip body as text: this one says which it was.
 */
import type { FastifyInstance } from 'fastify';
import { WardenError } from '../model/errors.js';
import { quoteInput } from '../model/quote-input.js';

/**
 * The first key of a parsed body that would reach an object's prototype if the body were merged
 * into one ("__proto__", "constructor" holding "prototype"), or null. Iterative: a body may nest
 * thousands deep.
 */
function forbiddenKeyOf(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    for (const [key, child] of Object.entries(next)) {
      if (key === '__proto__') return key;
      if (
        key === 'constructor' &&
        typeof child === 'object' &&
        child !== null &&
        Object.hasOwn(child, 'prototype')
      ) {
        return key;
      }
      pending.push(child);
    }
  }
  return null;
}

/** Parses a JSON body: valid JSON without prototype keys, uncompressed. */
export function parseJsonBody(body: string, contentEncoding: string | undefined): unknown {
  if (contentEncoding !== undefined && contentEncoding.toLowerCase() !== 'identity') {
    throw new WardenError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Encoding ${quoteInput(contentEncoding)} is not supported; send the body uncompressed.`,
    );
  }
  if (body.length === 0) {
    throw new WardenError('INVALID_JSON', 'The request body is empty but its Content-Type is JSON.', {
      details: 'Send one JSON object, or no Content-Type header when there is no body.',
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new WardenError('INVALID_JSON', 'The request body is not valid JSON.', {
      details: 'Send one JSON object with Content-Type: application/json.',
    });
  }
  // Only a body that spells one of the keys can hold it: most are never walked.
  const key = /__proto__|constructor/.test(body) ? forbiddenKeyOf(parsed) : null;
  if (key !== null) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `The request body has a "${key}" key, which this server refuses: it could change the objects it is read into.`,
      { details: 'Remove the key; no operation uses it.' },
    );
  }
  return parsed;
}

/** Replaces fastify's application/json parser with parseJsonBody (the body limit still applies). */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(body as string, request.headers['content-encoding']));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
