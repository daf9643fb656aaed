import { describe, expect, it } from 'vitest';
import { TokenRequest, TokenResponse } from '../../src/model/auth-token.js';
import { CREDENTIALS } from '../support/factories.js';
import { validationErrorOf } from '../support/validation.js';

describe('token operation', () => {
  it('takes client credentials and answers a Bearer token', () => {
    expect(TokenRequest.parse({ ...CREDENTIALS, scope: 'ignored' })).toEqual(CREDENTIALS);
    const token = {
      access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjbGkifQ.c2ln',
      token_type: 'Bearer',
      expires_in: 3600,
    };
    expect(TokenResponse.parse(token)).toEqual(token);
  });

  it.each([
    [{ client_id: 'cli_1' }, ['client_secret']],
    [{ client_id: '   ', client_secret: 's' }, ['client_id']],
  ])('rejects credentials %j', (body, path) => {
    const error = validationErrorOf(TokenRequest, body);
    expect(error.path).toEqual(path);
    expect(error.message).toContain(String(path[0]));
  });

  it.each([
    [{ token_type: 'bearer' }, ['token_type']],
    [{ expires_in: 0 }, ['expires_in']],
  ])('rejects a response with %j', (change, path) => {
    const token = { access_token: 't', token_type: 'Bearer', expires_in: 3600, ...change };
    expect(validationErrorOf(TokenResponse, token).path).toEqual(path);
  });
});
