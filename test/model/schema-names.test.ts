/** The component names of the OpenAPI document, given next to the shapes (src/model/schema-names.ts). */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nameSchema } from '../../src/model/schema-names.js';

const MODEL = fileURLToPath(new URL('../../src/model/', import.meta.url));

describe('nameSchema', () => {
  it('names a schema and keeps its description', () => {
    const schema = z.object({ code: z.string() }).describe('A code');
    nameSchema(schema, 'NamingProbe', [{ code: 'A' }]);
    expect(z.globalRegistry.get(schema)).toEqual({
      id: 'NamingProbe',
      description: 'A code',
      examples: [{ code: 'A' }],
    });
  });

  it('never gives one name to two shapes of the model', async () => {
    const holders = new Map<string, Set<unknown>>();
    for (const file of readdirSync(MODEL).filter((name) => name.endsWith('.ts'))) {
      const exported = (await import(`${MODEL}${file}`)) as Record<string, unknown>;
      for (const value of Object.values(exported)) {
        const id = value instanceof z.ZodType ? z.globalRegistry.get(value)?.id : undefined;
        if (id !== undefined) holders.set(id, (holders.get(id) ?? new Set()).add(value));
      }
    }
    expect(holders.size).toBeGreaterThan(50);
    expect([...holders].filter(([, schemas]) => schemas.size > 1).map(([id]) => id)).toEqual([]);
  });
});
