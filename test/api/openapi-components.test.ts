import { describe, expect, it } from 'vitest';
import { tidyComponents } from '../../src/api/openapi-components.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: 'string', maxLength: 40 };
const code = { type: 'string', enum: ['A', 'B'] };

describe('tidyComponents', () => {
  it('names a shape used only as input by its own name', () => {
    const tidy = tidyComponents({
      paths: { '/x': { post: { requestBody: ref('RequestInput') } } },
      components: {
        schemas: { Request: { type: 'object' }, RequestInput: { type: 'object', required: [] } },
      },
    });
    expect(tidy.paths).toEqual({ '/x': { post: { requestBody: ref('Request') } } });
    expect(tidy.components.schemas).toEqual({ Request: { type: 'object', required: [] } });
  });

  it('merges input and output that are the same, then the shapes that contain them', () => {
    const tidy = tidyComponents({
      paths: { '/x': { post: { requestBody: ref('OuterInput'), response: ref('Outer') } } },
      components: {
        schemas: {
          Code: text,
          CodeInput: text,
          Outer: { properties: { code: ref('Code') } },
          OuterInput: { properties: { code: ref('CodeInput') } },
        },
      },
    });
    expect(tidy.paths).toEqual({ '/x': { post: { requestBody: ref('Outer'), response: ref('Outer') } } });
    expect(Object.keys(tidy.components.schemas)).toEqual(['Code', 'Outer']);
  });

  it('keeps both when reading and writing differ, and drops what nothing uses', () => {
    const tidy = tidyComponents({
      paths: { '/x': { post: { requestBody: ref('CodeInput'), response: ref('Code') } } },
      components: { schemas: { Code: code, CodeInput: text, Unused: text, UnusedInput: text } },
    });
    expect(tidy.components.schemas).toEqual({ Code: code, CodeInput: text });
  });
});
