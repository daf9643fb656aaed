/** Asserting on the error a schema gives, the way the API and CLI will see it. */
import type { z } from 'zod';
import { WardenError, parseOrThrow } from '../../src/model/errors.js';
import { parseRequest } from '../../src/model/parse-request.js';

function caught(parse: () => unknown): WardenError {
  try {
    parse();
  } catch (error) {
    if (error instanceof WardenError) return error;
    throw error;
  }
  throw new Error('expected the value to be rejected, but it parsed');
}

/** The WardenError `parseOrThrow` throws for `value`; fails the test when the value parses. */
export function validationErrorOf(schema: z.ZodType, value: unknown): WardenError {
  return caught(() => parseOrThrow(schema, value));
}

/** The WardenError `parseRequest` throws for `value` (keeps a check's specific error code). */
export function requestErrorOf(schema: z.ZodType, value: unknown): WardenError {
  return caught(() => parseRequest(schema, value));
}
