import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { PageRenderer } from '../../shared/page-rendering.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { connectDatabase, endPools, type Database } from '../db/client.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own; `inject()` requests into it. Its DATA_DIR is a
 * fresh folder too (the mail outbox lives there). Rate limits are raised by configuration, as an
 * operator would; tests of the limits lower them again. With `shareDatabaseOf`, it is a second
 * instance on the other app's database (close it before the other).
 */
export async function buildTestApp(
  options: {
    env?: NodeJS.ProcessEnv;
    webRoot?: string;
    /**
     * Renders public pages (with webRoot); the server-rendering tests pass the source entry's.
     * Unset: none, whether or not a build exists (the shell only).
     */
    pageRenderer?: PageRenderer;
    /** Another test app whose database this one shares (a second instance); it drops it. */
    shareDatabaseOf?: TestApp;
    /** A migrated database of the caller's own (a cluster the test stops); not dropped. */
    databaseUrl?: string;
    /** Where the app logs (silent unless given), e.g. to check a warning at start. */
    logger?: pino.Logger;
  } = {},
): Promise<TestApp> {
  const shared = options.databaseUrl ?? options.shareDatabaseOf?.config.databaseUrl;
  const testDatabase = shared
    ? { url: shared, drop: async () => undefined }
    : await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    MAP_TILE_URL: '',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    FORM_RATE_LIMIT_PER_HOUR: '100000',
    ORDER_RATE_LIMIT_PER_HOUR: '100000',
    MAX_UNPAID_ORDERS: '100000',
    ...options.env,
    DATABASE_URL: testDatabase.url,
  });
  const database = connectDatabase(testDatabase.url, {
    max: 4,
    outboxConnections: config.outboxConnections,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? pino({ level: 'silent' }),
    webRoot: options.webRoot ?? '/nonexistent',
    pageRenderer: options.pageRenderer ?? null,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await endPools(database);
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `buildTestApp` before the file's tests, closed after them. The returned object is filled in by
 * then: read it inside tests and hooks only.
 */
export function setUpTestApp(options: Parameters<typeof buildTestApp>[0] = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(options));
  });
  // Optional: an app that failed to build has nothing to close, and its own error says why.
  afterAll(() => t.close?.());
  return t;
}
