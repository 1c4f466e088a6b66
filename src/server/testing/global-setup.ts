import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/client.ts';
import { startEmbeddedCluster } from '../db/embedded-cluster.ts';
import { prepareDatabase } from '../db/migrate.ts';
import { TEMPLATE_DATABASE } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test cluster's `postgres` database: tests clone TEMPLATE_DATABASE from it. */
    testClusterUrl: string;
  }
}

/**
 * One PostgreSQL cluster per test run, with a migrated and seeded template database. The template
 * has the demo catalogue but not the demo shipping (issue 35): the tests' shop has not configured
 * shipping, so the pricing step delivers free everywhere (docs/decisions/050); a test of shipping
 * makes its own zones, or seeds the demo ones (`seedDemoShipping`).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-test-'));
  const cluster = await startEmbeddedCluster({ dataDir, log: () => undefined }).catch(
    (error: unknown) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  try {
    const admin = connectDatabase(cluster.urlFor('postgres'), { max: 1 });
    await admin.pool.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.pool.end();
    const template = connectDatabase(cluster.urlFor(TEMPLATE_DATABASE), { max: 1 });
    await prepareDatabase(template.pool, () => undefined, { shipping: false });
    await template.pool.end();
  } catch (error) {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('testClusterUrl', cluster.urlFor('postgres'));
  return async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
