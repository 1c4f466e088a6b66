import type { FastifyInstance, RouteOptions } from 'fastify';

/** The parts of a request a route declares a schema for (zod schemas, as the route has them). */
export interface RouteInputs {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

/** One registered route: its method(s), full URL and the schemas of its input. */
export interface RouteEntry {
  methods: string[];
  url: string;
  inputs: RouteInputs;
  /** Response schemas by status code (zod), as the route serializes with them. */
  response?: Record<string, unknown>;
  /** Who may call it (`config.access`; unset means signed-in users, authentication.ts). */
  access?: unknown;
  /** The route's own summary (`schema.summary`), when it has one. */
  summary?: string;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered after this call, so tests and the API reference are generated
 * from the real route table (a new route is covered without anyone remembering to list it).
 */
export function recordRouteTable(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  tables.set(app, entries);
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as
      (RouteInputs & { response?: Record<string, unknown>; summary?: string }) | undefined;
    entries.push({
      methods: [route.method].flat().map(String),
      url: route.url,
      inputs: { body: schema?.body, querystring: schema?.querystring, params: schema?.params },
      ...(schema?.response ? { response: schema.response } : {}),
      ...(route.config?.access ? { access: route.config.access } : {}),
      ...(schema?.summary ? { summary: schema.summary } : {}),
    });
  });
}

export function routeTableOf(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
