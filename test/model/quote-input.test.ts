import { describe, expect, it } from 'vitest';
import { MAX_QUOTED_CHARS, quoteInput } from '../../src/model/quote-input.js';

describe('quoteInput', () => {
  it.each([
    ['US', '"US"'],
    [42, '42'],
    [null, 'null'],
    [[['deep']], 'an array'],
    [{ a: 1 }, 'an object'],
  ])('%j → %s', (value, quoted) => {
    expect(quoteInput(value)).toBe(quoted);
  });

  it('quotes the start of a long string and says how long it was', () => {
    const quoted = quoteInput('x'.repeat(1_000_000));
    expect(quoted).toBe(`"${'x'.repeat(MAX_QUOTED_CHARS)}"… (1000000 characters)`);
  });
});
