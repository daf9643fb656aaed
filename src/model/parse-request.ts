/**
 * Parsing that keeps a refinement's specific error code. `parseOrThrow` reports every zod issue as
 * VALIDATION_ERROR; some checks (an asset not offered on a network) deserve their own error_code so a
 * client can branch on it. Such checks tag their issue with `issueParams(code)`.
 */
import type { z } from 'zod';
import { ERROR_STATUS, WardenError, validationError, type ErrorCode } from './errors.js';

const ERROR_CODE_PARAM = 'error_code';

/** The `params` a custom zod issue carries to be reported under `code` by `parseRequest`. */
export function issueParams(code: ErrorCode): Record<string, unknown> {
  return { [ERROR_CODE_PARAM]: code };
}

function taggedCode(issue: z.core.$ZodIssue | undefined): ErrorCode | null {
  if (issue?.code !== 'custom') return null;
  const code = issue.params?.[ERROR_CODE_PARAM];
  return typeof code === 'string' && code in ERROR_STATUS ? (code as ErrorCode) : null;
}

/**
 * Like `parseOrThrow`, but when the first problem is a tagged check the error carries that check's code.
 *
 * @example parseRequest(SubmitTransactionRequest, body) // throws INVALID_NETWORK_ASSET for BTC on TRON
 */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly (string | number)[] = [],
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const error = validationError(result.error, prefix);
  const code = taggedCode(result.error.issues[0]);
  if (code === null) throw error;
  throw new WardenError(code, error.message, { path: error.path, details: error.details });
}
