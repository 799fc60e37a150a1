import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { securitySchemes } from '../plugins/routeSecurity.ts';
import { loopbackDifferencesTable } from '../routes/records/loopbackDifferences.ts';
import { toOpenApi30Schema } from './toOpenApi30Schema.ts';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Name of a wildcard (`*`) path parameter in the contract: OpenAPI names parameters `{name}`. */
export const WILDCARD_PARAMETER = 'path';

/**
 * A route ending in `*` (the rest of the path, slashes included) is documented as `{path}`: clients
 * percent-encode it (`docs%2Ftermos.html`) and the router decodes it back into the wildcard.
 */
function nameWildcard({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!url.endsWith('*')) return { schema, url };
  const params = schema.params as Node | undefined;
  const properties = isNode(params?.properties) ? params.properties : {};
  const { '*': wildcard, ...named } = properties;
  const required = Array.isArray(params?.required) ? params.required : [];
  return {
    url: `${url.slice(0, -1)}:${WILDCARD_PARAMETER}`,
    schema: {
      ...schema,
      params: {
        ...params,
        type: 'object',
        properties: {
          ...named,
          [WILDCARD_PARAMETER]: {
            ...(isNode(wildcard) ? wildcard : { type: 'string' }),
            description: 'Caminho do arquivo (pode conter "/", codificado como %2F)',
          },
        },
        required: [...required.filter((name) => name !== '*'), WILDCARD_PARAMETER],
      },
    },
  };
}

/** Converts a media map (`content`) of a request body, response or parameter in place. */
function convertContent(content: unknown): void {
  if (!isNode(content)) return;
  for (const media of Object.values(content))
    if (isNode(media) && isNode(media.schema)) media.schema = toOpenApi30Schema(media.schema);
}

/**
 * Every Schema Object of the document in the OpenAPI 3.0 dialect (components, parameters, bodies,
 * responses and their headers): the route schemas stay JSON Schema for Ajv, the contract is 3.0.3.
 */
function convertSchemas(document: Node): Node {
  const components = isNode(document.components) ? document.components : {};
  if (isNode(components.schemas))
    for (const [name, schema] of Object.entries(components.schemas))
      if (isNode(schema)) components.schemas[name] = toOpenApi30Schema(schema);
  for (const pathItem of Object.values(isNode(document.paths) ? document.paths : {})) {
    if (!isNode(pathItem)) continue;
    for (const operation of Object.values(pathItem)) {
      if (!isNode(operation)) continue;
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (isNode(parameter) && isNode(parameter.schema))
          parameter.schema = toOpenApi30Schema(parameter.schema);
        if (isNode(parameter)) convertContent(parameter.content);
      }
      if (isNode(operation.requestBody)) convertContent(operation.requestBody.content);
      for (const response of Object.values(isNode(operation.responses) ? operation.responses : {})) {
        if (!isNode(response)) continue;
        convertContent(response.content);
        for (const header of Object.values(isNode(response.headers) ? response.headers : {}))
          if (isNode(header) && isNode(header.schema)) header.schema = toOpenApi30Schema(header.schema);
      }
    }
  }
  return document;
}

/** @fastify/swagger options: the API's OpenAPI 3.0.3 contract (generated/openapi.json). */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'ERP white-label API',
      description: `API do ERP (convenções LoopBack 3: ?filter={json} ou filter[where][campo]=valor, /count?where=, findOne, {id}/exists, token em Authorization).\n\nDiferenças em relação ao LoopBack 3:\n\n${loopbackDifferencesTable()}`,
      version: '1.0.0',
    },
    servers: [
      {
        url: '/',
        description: 'O endereço do white-label, o mesmo do aplicativo (npm start: http://localhost:3000)',
      },
    ],
    components: { securitySchemes },
  },
  refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  transform: nameWildcard,
  transformObject: (document) =>
    convertSchemas(('openapiObject' in document ? document.openapiObject : document.swaggerObject) as Node),
};
