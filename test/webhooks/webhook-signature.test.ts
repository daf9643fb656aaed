import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature } from '../../src/webhooks/index.js';

const SECRET = 'whsec_abc';
const TS = 1_714_000_000_000;
const BODY = '{"id":"whd_1","event":"transaction.state_changed","created_at":1714000000000,"data":{}}';

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the webhook secret', () => {
    const expected = createHmac('sha256', SECRET).update(`${TS}.${BODY}`).digest('hex');
    expect(signWebhookPayload(SECRET, TS, BODY)).toBe(`sha256=${expected}`);
  });

  const good = signWebhookPayload(SECRET, TS, BODY);
  it.each([
    ['the signed request', SECRET, String(TS), BODY, good, true],
    ['an altered body', SECRET, String(TS), BODY.replace('{}', '{"a":1}'), good, false],
    ['an altered timestamp', SECRET, String(TS + 1), BODY, good, false],
    ['another secret', 'whsec_other', String(TS), BODY, good, false],
    ['a missing signature', SECRET, String(TS), BODY, undefined, false],
    ['a missing timestamp', SECRET, undefined, BODY, good, false],
    ['a non-numeric timestamp', SECRET, 'soon', BODY, good, false],
    ['a bare hex signature', SECRET, String(TS), BODY, good.slice('sha256='.length), false],
    ['an upper-case signature', SECRET, String(TS), BODY, good.toUpperCase(), false],
  ])('%s → %s', (_case, secret, ts, body, signature, valid) => {
    expect(verifyWebhookSignature(secret, ts, body, signature)).toBe(valid);
  });

  it('refuses a replay older than the tolerance when the receiver passes its clock', () => {
    expect(verifyWebhookSignature(SECRET, TS, BODY, good, { now: TS + 4 * 60_000 })).toBe(true);
    expect(verifyWebhookSignature(SECRET, TS, BODY, good, { now: TS + 6 * 60_000 })).toBe(false);
    expect(
      verifyWebhookSignature(SECRET, TS, BODY, good, { now: TS + 6 * 60_000, toleranceMs: 10 * 60_000 }),
    ).toBe(true);
  });
});
