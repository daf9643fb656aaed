import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '../../src/model/api-error.js';
import { WardenError, type ErrorEnvelope } from '../../src/model/errors.js';
import { validationErrorOf } from '../support/validation.js';

describe('ErrorEnvelopeSchema', () => {
  it('describes what WardenError.toEnvelope produces', () => {
    const envelope: ErrorEnvelope = new WardenError(
      'RESOURCE_NOT_FOUND',
      'No transaction has external_transaction_id "tx-9".',
    ).toEnvelope();
    expect(ErrorEnvelopeSchema.parse(envelope)).toEqual(envelope);
  });

  it.each([
    [{ success: true }, ['success']],
    [{ error_code: 'TEAPOT' }, ['error_code']],
  ])('rejects %j', (change, path) => {
    const envelope = { success: false, error: 'x', error_code: 'RATE_LIMITED', details: '', ...change };
    expect(validationErrorOf(ErrorEnvelopeSchema, envelope).path).toEqual(path);
  });
});
