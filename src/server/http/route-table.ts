import type { FastifyInstance, RouteOptions } from 'fastify';

/** One registered route: its method(s), full URL and whether it declares a body schema. */
export interface RouteEntry {
  methods: string[];
  url: string;
  hasBodySchema: boolean;
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
      hasBodySchema: Boolean(route.schema?.body),
    });
  });
}

export function routeTableOf(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
