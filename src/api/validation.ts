/**
 * The zod compilers of the API's routes. Requests are checked with the model's schemas through
 * `parseRequest`, so an HTTP 400 names the field in the very sentence the library would throw
 * (and keeps a tagged code such as INVALID_NETWORK_ASSET). Responses are written with plain
 * JSON.stringify: the engine already returns the spec's shapes, and re-parsing them on the way out
 * would cost time and silently drop any field a response schema does not list.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { isWardenError } from '../model/errors.js';
import { parseRequest } from '../model/parse-request.js';

/** Validates a body, query or params object; an absent part is read as `{}` so the missing fields are named. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    try {
      return { value: parseRequest(schema, data ?? {}) };
    } catch (error) {
      // Only the validation verdict is a 400; a schema that throws anything else is a bug (500).
      if (isWardenError(error)) return { error };
      throw error;
    }
  };

export const jsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data: unknown) =>
  JSON.stringify(data);
