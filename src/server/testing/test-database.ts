import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export const TEMPLATE_DATABASE = 'toolhouse_template';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onCluster<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('testClusterUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the migrated, seeded template: cheap, and private to its caller. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onCluster((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const url = new URL(inject('testClusterUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onCluster((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
