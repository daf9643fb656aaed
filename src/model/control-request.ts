/**
 * What the command line hands to a running `warden serve` over its control socket (issue #31): the
 * server holds the DuckDB file, so the writes other processes would make (a list import, a client, a
 * reviewer) are made by the server itself, which then screens against them at once.
 */
import { z } from 'zod';

const text = z.string().min(1).max(1000);

export const ControlRequest = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('lists.import'),
    source: text,
    path: text.describe('Absolute: the server may run in another working directory'),
    listName: text.optional(),
  }),
  z.object({ op: z.literal('clients.create'), name: text, webhookUrl: text.nullable() }),
  z.object({ op: z.literal('reviewers.create'), clientId: text, name: text, role: text }),
  z.object({ op: z.literal('reviewers.disable'), clientId: text, name: text }),
  z.object({ op: z.literal('reviewers.list'), clientId: text }),
]);
export type ControlRequest = z.infer<typeof ControlRequest>;
