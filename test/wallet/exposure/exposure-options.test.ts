import { describe, expect, it } from 'vitest';
import { WardenError } from '../../../src/model/errors.js';
import { ExposureOptions, resolveExposureOptions } from '../../../src/wallet/exposure/exposure-options.js';

describe('resolveExposureOptions', () => {
  it('fills in the documented defaults', () => {
    expect(resolveExposureOptions(undefined)).toEqual({
      maxHops: 3,
      haircut: 0.5,
      direction: 'both',
      minShare: 0.0001,
      maxNodes: 5000,
      maxEdges: 250_000,
      maxGraphEdges: 50,
    });
    expect(resolveExposureOptions({ maxHops: 2 }).maxHops).toBe(2);
  });

  it('describes every tunable', () => {
    for (const [name, schema] of Object.entries(ExposureOptions.shape)) {
      expect(schema.description, name).toBeTruthy();
    }
  });

  it.each([
    [{ maxHops: 7 }, 'maxHops'],
    [{ minShare: 2 }, 'minShare'],
    [{ maxGraphEdges: 1.5 }, 'maxGraphEdges'],
  ])('refuses %j, naming %s', (options, field) => {
    let error: unknown;
    try {
      resolveExposureOptions(options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WardenError);
    expect((error as WardenError).path).toEqual(['options', field]);
    expect((error as WardenError).message).toMatch(new RegExp(`^options\\.${field}: `));
  });
});
