import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { issueParams, parseRequest } from '../../src/model/parse-request.js';
import { requestErrorOf } from '../support/validation.js';

const Address = z.object({ address: z.string() }).check((ctx) => {
  if (ctx.value.address.startsWith('0x0000')) {
    ctx.issues.push({
      code: 'custom',
      message: 'is the burn address',
      input: ctx.value.address,
      path: ['address'],
      params: issueParams('INVALID_ADDRESS'),
    });
  }
});

describe('parseRequest', () => {
  it('returns the parsed value', () => {
    expect(parseRequest(Address, { address: '0xabc', extra: 1 })).toEqual({ address: '0xabc' });
  });

  it('reports a tagged check under its own code, keeping path and sentence', () => {
    const error = requestErrorOf(Address, { address: '0x0000dead' });
    expect(error.code).toBe('INVALID_ADDRESS');
    expect(error.path).toEqual(['address']);
    expect(error.message).toBe('address: is the burn address');
  });

  it('reports untagged problems as VALIDATION_ERROR, with a prefix when given', () => {
    let caught: unknown;
    try {
      parseRequest(Address, { address: 7 }, ['remitter', 'crypto']);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'VALIDATION_ERROR', path: ['remitter', 'crypto', 'address'] });
  });

  it('ignores a tag that is not an error code', () => {
    const Tagged = z.string().check((ctx) => {
      ctx.issues.push({
        code: 'custom',
        message: 'no',
        input: ctx.value,
        params: { error_code: 'NOT_A_CODE' },
      });
    });
    expect(requestErrorOf(Tagged, 'x').code).toBe('VALIDATION_ERROR');
  });
});
