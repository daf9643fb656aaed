import { describe, expect, it } from 'vitest';
import { batchExitCode, EXIT_UNSCREENED_ROWS } from '../../src/cli/batch-exit-code.js';

describe('batchExitCode', () => {
  it.each([
    [0, 0],
    [1, EXIT_UNSCREENED_ROWS],
    [250, EXIT_UNSCREENED_ROWS],
  ])('%i unscreened rows → exit %i', (errors, code) => {
    expect(batchExitCode({ errors })).toBe(code);
  });

  it('is 3, apart from main.ts codes 1 (failure) and 2 (bad input)', () => {
    expect(EXIT_UNSCREENED_ROWS).toBe(3);
  });
});
