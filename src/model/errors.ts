/**
 * The error vocabulary: every expected fault is a WardenError with a code from this table.
 * The HTTP status, the spec's error envelope and the CLI exit code all derive from the code.
 */
import type { z } from 'zod';

/** error_code → HTTP status. The table is the vocabulary; add a code here, nowhere else. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  INVALID_NETWORK_ASSET: 400,
  INVALID_ADDRESS: 400,
  INVALID_LIST_FILE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RESOURCE_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  DUPLICATE_TRANSACTION: 409,
  INVALID_STATE_TRANSITION: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  DOWNLOAD_FAILED: 502,
  /** No watchlist is loaded: a screening could not look, which must never read as "no match". */
  LISTS_NOT_LOADED: 503,
  /** The queue of a distributed run (Redis) cannot be reached. */
  QUEUE_UNAVAILABLE: 503,
  /** A shard of a distributed run failed on every attempt its workers made. */
  SHARD_FAILED: 500,
  STORE_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The spec's error body: `{ success: false, error, error_code, details }`. */
export interface ErrorEnvelope {
  success: false;
  error: string;
  error_code: ErrorCode;
  details: string;
}

/**
 * An expected fault: bad input, an unknown record, a refused credential.
 * `message` is one sentence a person can act on; it never holds a secret or a stack.
 *
 * @example throw new WardenError('RESOURCE_NOT_FOUND', 'No transaction has external_transaction_id "tx-9".')
 */
export class WardenError extends Error {
  override readonly name = 'WardenError';
  readonly code: ErrorCode;
  readonly path: readonly (string | number)[];
  readonly details: string;

  constructor(
    code: ErrorCode,
    message: string,
    options: { path?: readonly (string | number)[]; details?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.path = options.path ?? [];
    this.details = options.details ?? '';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** True for faults caused by the caller's input (4xx): the CLI maps these to exit code 2. */
  get isInputError(): boolean {
    return this.status < 500;
  }

  toEnvelope(): ErrorEnvelope {
    return { success: false, error: this.message, error_code: this.code, details: this.details };
  }
}

export function isWardenError(e: unknown): e is WardenError {
  return e instanceof WardenError;
}

function describePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the request';
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/**
 * Problems an error's details list; the rest are counted. 100 parties with ten bad fields each
 * would otherwise answer a 3 KB body with a 100 KB error.
 */
export const MAX_LISTED_ISSUES = 20;

/** Turns zod issues into one VALIDATION_ERROR whose message names the first field and its problem. */
export function validationError(error: z.ZodError, prefix: readonly (string | number)[] = []): WardenError {
  const sentences = error.issues.slice(0, MAX_LISTED_ISSUES).map((issue) => {
    const field = describePath([...prefix, ...issue.path]);
    return `${field}: ${issue.message}`;
  });
  const unlisted = error.issues.length - sentences.length;
  if (unlisted > 0) sentences.push(`and ${unlisted} more problem${unlisted === 1 ? '' : 's'}`);
  const first = error.issues[0];
  return new WardenError('VALIDATION_ERROR', sentences[0] ?? 'The request is invalid.', {
    path: [...prefix, ...((first?.path ?? []) as (string | number)[])],
    details: sentences.join('; '),
  });
}

/** Parses with a schema, throwing a VALIDATION_ERROR that names the field instead of a ZodError. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly (string | number)[] = [],
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, prefix);
  return result.data;
}
