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
  /** The route's declared `config.access` (http/authentication.ts). */
  access?: unknown;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered after this call, so tests can be generated from the real route
 * table (a new route is covered without anyone remembering to list it).
 */
export function recordRouteTable(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  tables.set(app, entries);
  app.addHook('onRoute', (route: RouteOptions) => {
    entries.push({
      methods: [route.method].flat().map(String),
      url: route.url,
      inputs: {
        body: route.schema?.body,
        querystring: route.schema?.querystring,
        params: route.schema?.params,
      },
      access: (route.config as { access?: unknown } | undefined)?.access,
    });
  });
}

export function routeTableOf(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
