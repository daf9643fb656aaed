/**
 * The spec's error body as a schema, so the OpenAPI document can describe every 4xx/5xx answer.
 * The TypeScript type is `ErrorEnvelope` in errors.ts; a test keeps the two in step.
 */
import { z } from 'zod';
import { nameSchema } from '../model/schema-names.js';
import { ERROR_STATUS, type ErrorCode } from './errors.js';

export const ErrorCodeSchema = z
  .enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]])
  .describe('Machine-readable error code; the HTTP status follows from it');
nameSchema(ErrorCodeSchema, 'ErrorCode');

export const ErrorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.string().describe('One sentence a person can act on'),
    error_code: ErrorCodeSchema,
    details: z.string().describe('Every problem found, separated by "; " (may be empty)'),
  })
  .describe('Body of every error response');
nameSchema(ErrorEnvelopeSchema, 'ErrorEnvelope', [
  {
    success: false,
    error: 'No blacklist record has the id "bl_missing".',
    error_code: 'RESOURCE_NOT_FOUND',
    details: '',
  },
]);
