/**
 * The tunables of exposure analysis, each declared once with its default and reason.
 * Defaults follow common practice of chain-analytics vendors: direct plus two further hops, each
 * further hop halving the weight, because attribution grows less certain with every hop.
 */
import { z } from 'zod';
import { parseOrThrow } from '../../model/errors.js';

export const ExposureOptions = z.object({
  maxHops: z
    .number()
    .int()
    .min(1)
    .max(6)
    .default(3)
    .describe(
      'Hops to trace; 1 is direct exposure only. Beyond ~4 hops nearly every wallet reaches everything.',
    ),
  haircut: z
    .number()
    .gt(0)
    .max(1)
    .default(0.5)
    .describe('Weight kept per further hop: a value found at hop h counts haircut^(h-1).'),
  direction: z
    .enum(['both', 'incoming', 'outgoing'])
    .default('both')
    .describe(
      'Trace where funds came from (incoming), where they went (outgoing), or both, each on its own.',
    ),
  minShare: z
    .number()
    .min(0)
    .max(1)
    .default(0.0001)
    .describe(
      "Indirect paths carrying less than this share of the wallet's USD (in the direction traced) are " +
        'neither followed nor reported; direct contact is always reported. Through a 20,000-counterparty ' +
        'hub each path carries ~0.005%: following them all is most of the work for none of the findings.',
    ),
  maxNodes: z
    .number()
    .int()
    .positive()
    .default(5_000)
    .describe('Intermediaries expanded per analysis, largest flows first; bounds the work on any graph.'),
  maxEdges: z
    .number()
    .int()
    .positive()
    .default(250_000)
    .describe('Edges (counterparty links) read per analysis; a hub with more than what is left is skipped.'),
  maxGraphEdges: z
    .number()
    .int()
    .min(0)
    .default(50)
    .describe(
      'Edges kept per direction in the wallet graph: attributed counterparties first, then by value.',
    ),
});
export type ExposureOptions = z.input<typeof ExposureOptions>;
export type ResolvedExposureOptions = z.output<typeof ExposureOptions>;

/** Parsed once: most calls pass no options, and a zod parse is a few microseconds of a 200 µs budget. */
const DEFAULTS: ResolvedExposureOptions = ExposureOptions.parse({});

/** Fills in defaults, or throws VALIDATION_ERROR naming the bad option. */
export function resolveExposureOptions(options: ExposureOptions | undefined): ResolvedExposureOptions {
  if (options === undefined) return DEFAULTS;
  return parseOrThrow(ExposureOptions, options, ['options']);
}
