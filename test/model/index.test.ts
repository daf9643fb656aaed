/**
 * The OpenAPI document is generated from these schemas with z.toJSONSchema: every exported schema must
 * convert, requests as clients write them (input) and resources as Warden writes them (output).
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as model from '../../src/model/index.js';

const schemas: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(model) as [string, unknown][]) {
  if (value instanceof z.ZodType) schemas.push([name, value]);
}

describe('model index', () => {
  it.each(schemas)('%s converts to JSON Schema for requests and responses', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0' })).not.toThrow();
  });

  it('keeps field descriptions and the spec spelling in the generated document', () => {
    // A schema named with .meta({ id }) comes out as a definition, as it becomes a component in the document.
    const document = z.toJSONSchema(model.Transaction, { io: 'output' }) as {
      $defs: Record<string, { properties: Record<string, { description?: string }> }>;
    };
    const transaction = document.$defs.Transaction!;
    expect(Object.keys(transaction.properties)).toContain('receving_amount');
    expect(transaction.properties.sending_currency?.description).toBe(
      'ISO 4217 code (FIAT) or asset symbol (CRYPTO)',
    );
  });
});
