import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/errors.ts';

/** One registered route as the app's route table records it (http/route-table.ts). */
export interface RouteEntry {
  methods: string[];
  url: string;
  inputs: { body?: unknown; querystring?: unknown; params?: unknown };
  response?: Record<string, unknown>;
  access?: unknown;
  summary?: string;
}

/** A JSON Schema object, as OpenAPI 3.1 takes it (JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  'x-access': string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * The JSON Schema of a route's zod schema, for the side it describes: what a client sends
 * (`input`: before defaults and transforms) or what it receives (`output`). Parts JSON Schema
 * cannot say (a transform, a custom check) become "any" instead of failing the whole document.
 */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (schema === undefined || schema === null) return undefined;
  if (!isZod(schema)) return schema as JsonSchema; // a plain JSON Schema route
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  delete json.$schema;
  return json as JsonSchema;
}

/** `/products/:productId` -> `/products/{productId}`; a wildcard `*` -> `{*}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{wildcard}');
}

const pathParameterNames = (url: string) =>
  [...openApiPath(url).matchAll(/\{([^}]+)\}/g)].map(([, name]) => name as string);

/** Methods a reference lists (Fastify adds a HEAD route for each GET by itself). */
const DOCUMENTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export function documentedMethods(entry: RouteEntry): string[] {
  const methods = entry.methods.map((method) => method.toUpperCase());
  const own = methods.filter((method) => DOCUMENTED_METHODS.has(method));
  // A route of HEAD alone is Fastify's copy of a GET; OPTIONS and the like stay as they are.
  return own.length > 0 || methods.every((method) => method === 'HEAD') ? own : methods;
}

function operationOf(entry: RouteEntry, method: string): OpenApiOperation {
  const access = accessName(entry.access);
  const params = jsonSchemaOf(entry.inputs.params, 'input');
  const query = jsonSchemaOf(entry.inputs.querystring, 'input');
  const body = jsonSchemaOf(entry.inputs.body, 'input');
  const parameters: NonNullable<OpenApiOperation['parameters']> = [];
  const paramProps = (params?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathParameterNames(entry.url))
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: paramProps[name] ?? { type: 'string' },
    });
  const queryProps = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const queryRequired = new Set((query?.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(queryProps))
    parameters.push({ name, in: 'query', required: queryRequired.has(name), schema });

  const responses: OpenApiOperation['responses'] = {};
  for (const [status, schema] of Object.entries(entry.response ?? {})) {
    const json = jsonSchemaOf(schema, 'output');
    responses[status] = {
      description: Number(status) < 300 ? 'Success' : 'Answer',
      ...(json ? { content: { 'application/json': { schema: json } } } : {}),
    };
  }
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'Success' };
  responses['4XX'] = {
    description: 'Refused: the one error shape',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };

  return {
    operationId: `${method.toLowerCase()}${openApiPath(entry.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(entry.summary ? { summary: entry.summary } : {}),
    'x-access': access,
    ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route in the table (a route added later is in it too). */
export function buildOpenApiDocument(
  routes: readonly RouteEntry[],
  info: { version: string; publicUrl: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const entry of routes) {
    for (const method of documentedMethods(entry)) {
      const path = openApiPath(entry.url);
      (paths[path] ??= {})[method.toLowerCase()] = operationOf(entry, method);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Toolhouse API',
      version: info.version,
      description:
        'Every route of the shop, generated from the routes the server registered and the zod ' +
        'schemas they validate with. Prices are in dollars. Staff routes need a Bearer token of ' +
        'a staff account (x-access says who may call a route). Webhook deliveries are signed: ' +
        'see the Toolhouse-Signature header in the shop documentation.',
    },
    servers: [{ url: info.publicUrl }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { ApiError: jsonSchemaOf(ApiErrorSchema, 'output') as JsonSchema },
    },
    paths,
  };
}

/** `config.access` as the reference says it: `public`, `user`, `admin` or `permission:<name>`. */
function accessName(access: unknown): string {
  if (typeof access === 'string') return access;
  if (access && typeof access === 'object' && 'permission' in access)
    return `permission:${String(access.permission)}`;
  return 'user';
}
