import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A JSON schema node of the OpenAPI document (refs resolved lazily by `resolve`). */
export type SchemaNode = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: SchemaNode;
  required: boolean;
}

/** One operation of generated/openapi.json, as the abuse suite drives it. */
export interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** Request body: its content type and schema (refs resolved), when the operation declares one. */
  body?: { contentType: string; schema: SchemaNode; required: boolean };
}

export interface OpenApiDocument {
  operations: Operation[];
  /** Resolves `$ref: '#/components/schemas/X'` (one level; call again on nested nodes). */
  resolve(node: unknown): SchemaNode;
}

const FILE = fileURLToPath(new URL('../../../generated/openapi.json', import.meta.url));

/** Every operation of the committed OpenAPI document, in document order (deterministic). */
export function loadOpenApi(file = FILE): OpenApiDocument {
  const document = JSON.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components?: { schemas?: Record<string, SchemaNode> };
  };
  const components = document.components?.schemas ?? {};
  const resolve = (node: unknown): SchemaNode => {
    let current = (node ?? {}) as SchemaNode;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
      const name = (current.$ref as string).replace(/^#\/components\/schemas\//, '');
      current = components[name] ?? {};
    }
    return current;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = ((spec.parameters ?? []) as Array<Record<string, unknown>>)
        .filter((parameter) => ['path', 'query', 'header'].includes(String(parameter.in)))
        .map((parameter) => ({
          name: String(parameter.name),
          in: parameter.in as Parameter['in'],
          schema: resolve(parameter.schema),
          required: Boolean(parameter.required),
        }));
      const content = (
        spec.requestBody as { content?: Record<string, { schema?: unknown }>; required?: boolean }
      )?.content;
      const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
      operations.push({
        id: String(spec.operationId ?? `${method} ${path}`),
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters,
        ...(contentType
          ? {
              body: {
                contentType,
                schema: resolve(media?.schema),
                required: Boolean((spec.requestBody as { required?: boolean }).required),
              },
            }
          : {}),
      });
    }
  }
  return { operations, resolve };
}
