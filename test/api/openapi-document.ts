/** The parts of an OpenAPI 3.1 document the API suites read, and how to follow its references. */

export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  examples?: unknown[];
  [keyword: string]: unknown;
}

interface Content {
  schema?: Schema;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, Content> };
  responses: Record<string, { description: string; headers?: object; content?: Record<string, Content> }>;
}

export interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, object> };
}

/** The schema itself, or the component it refers to (references to references followed). */
export function resolve(doc: OpenApi, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  while (current.$ref !== undefined) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (target === undefined) throw new Error(`${current.$ref} is not in components.schemas`);
    current = target;
  }
  return current;
}

export interface DocumentedOperation {
  readonly method: string;
  readonly path: string;
  readonly op: Operation;
}

export function operationsOf(doc: OpenApi): DocumentedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op })),
  );
}
