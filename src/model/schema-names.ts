/**
 * Names for the shapes of the API, so the OpenAPI document lists them under `components.schemas` and
 * code generators make named types of them (fastify-type-provider-zod turns every schema with an `id`
 * in zod's global registry into a component, and each use of it into a `$ref`). Each model file names
 * its shapes right after defining them, with an example or two for the main requests and responses.
 *
 * A named schema becomes a reference wherever it is used, so name only a shape of its own: not one
 * that is also a query or path schema (those must stay inline to become parameters). Names are unique
 * (test/model/schema-names.test.ts): zod's registry would quietly give a reused one to the later schema.
 */
import { z } from 'zod';

/**
 * Gives `schema` its component name, keeping the description and metadata it already has; the
 * examples are type-checked against what the schema reads.
 *
 * @example nameSchema(TransactionReport, 'TransactionReport', [{ external_transaction_id: 'tx-1', … }])
 */
export function nameSchema<S extends z.ZodType>(
  schema: S,
  id: string,
  examples?: readonly z.input<S>[],
): void {
  z.globalRegistry.add(schema, {
    ...z.globalRegistry.get(schema),
    id,
    ...(examples === undefined ? {} : { examples: [...examples] }),
  });
}
