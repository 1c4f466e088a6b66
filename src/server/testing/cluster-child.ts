import pg from 'pg';
import { ensureDatabase, startEmbeddedCluster } from '../db/embedded-cluster.ts';

// Run by embedded-cluster.test.ts as a separate process that the test kills with SIGKILL.
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: cluster-child.ts <dataDir>');
const cluster = await startEmbeddedCluster({ dataDir, log: () => undefined });
await ensureDatabase(cluster, 'crash');
const client = new pg.Client({ connectionString: cluster.urlFor('crash') });
await client.connect();
await client.query('CREATE TABLE acknowledged (id int primary key)');
await client.query('INSERT INTO acknowledged VALUES (1), (2), (3)');
await client.end();
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);
