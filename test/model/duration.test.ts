import { describe, expect, it } from 'vitest';
import { Duration, formatDuration } from '../../src/model/duration.js';

const HOUR = 3600 * 1000;

describe('Duration', () => {
  it.each([
    ['45s', 45_000],
    ['90m', 90 * 60_000],
    ['36h', 36 * HOUR],
    ['7d', 7 * 24 * HOUR],
    ['2w', 14 * 24 * HOUR],
  ])('reads %s as %i ms', (text, ms) => {
    expect(Duration.parse(text)).toBe(ms);
  });

  // A bare number has no unit (the `ms` package would read "36" as 36 milliseconds).
  it.each(['36', '0h', '1.5d', '-7d', '7 d', '7days', 'h', ''])('refuses %j', (text) => {
    expect(Duration.safeParse(text).success).toBe(false);
  });
});

describe('formatDuration', () => {
  it.each([
    [36 * HOUR, '36h'],
    [7 * 24 * HOUR, '1w'],
    [48 * HOUR, '2d'],
    [90_000, '90s'],
    [1500, '1.5s'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
