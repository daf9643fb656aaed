import { describe, expect, it } from 'vitest';
import { StatusUpdateRequest } from '../../src/model/review-status.js';
import { validationErrorOf } from '../support/validation.js';

describe('StatusUpdateRequest', () => {
  it.each([
    [{ status: 'REJECTED', reason: 'Document number does not match the registry' }],
    [{ status: 'APPROVED' }],
    [{ status: 'PENDING_REVIEW', reason: null }],
  ])('accepts %j', (body) => {
    expect(StatusUpdateRequest.parse(body)).toEqual({ reason: null, ...body });
  });

  it.each([
    [{ status: 'REJECTED' }, ['reason'], 'reason: is required when status is REJECTED'],
    [{ status: 'REJECTED', reason: '  ' }, ['reason'], 'reason: must not be empty'],
    [{ status: 'CANCELLED', reason: 'x' }, ['status'], 'status: Invalid option'],
  ])('rejects %j', (body, path, message) => {
    const error = validationErrorOf(StatusUpdateRequest, body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });
});
