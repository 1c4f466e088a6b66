import { setPriority } from 'node:os';
import { connectDatabase, endPools } from './db/client.ts';
import { configOrExit, processLogger } from './process-start.ts';
import { EMBEDDED_DATABASE } from './db/database.ts';
import { runningClusterUrl } from './db/embedded-cluster.ts';
import { jobsConfigOf, outboxContextOf, outboxWorkerJobs } from './jobs/jobs.ts';
import { startIntervalJob } from './jobs/interval-job.ts';
import { createMailer, mailConfigOf } from './modules/mail/index.ts';
import { createPayments, paymentsConfigOf } from './modules/payments/index.ts';

// The outbox worker as a process of its own (ADR 048; OUTBOX_WORKER=separate for the app, which
// then runs no worker): the mails and webhooks the app queued, carried out beside it with its own
// event loop and its own OUTBOX_DB_CONNECTIONS, so they never slow the requests' answers. Started
// by `npm start` (scripts/start.mjs) and by deploy/toolhouse-outbox.service. The same
// configuration as the app: DATABASE_URL, or the app's embedded cluster in DATA_DIR (waited for
// while the app starts it). SIGTERM or SIGINT: finish the jobs in flight, then exit.

const CLUSTER_WAIT_MS = 500;

async function main(): Promise<void> {
  const config = configOrExit();
  const log = processLogger(config);
  // OUTBOX_WORKER_NICE (issue 38): the cores go to the app's requests first at saturation; set
  // before any other thread starts (the pool's and libuv's take the nice of the thread that
  // starts them).
  if (config.outboxWorkerNice > 0) {
    try {
      setPriority(config.outboxWorkerNice);
    } catch (error) {
      log.warn({ err: error }, 'The outbox worker could not lower its scheduling priority');
    }
  }
  let url = config.databaseUrl;
  while (!url) {
    url = runningClusterUrl(config.dataDir, EMBEDDED_DATABASE);
    if (!url) await new Promise((resolve) => setTimeout(resolve, CLUSTER_WAIT_MS));
  }
  const database = connectDatabase(url, {
    max: Math.max(1, config.outboxConnections),
    onError: (error) => log.debug({ err: error }, 'idle outbox connection failed'),
    log: { info: (m) => log.info(m), error: (e, m) => log.error({ err: e }, m) },
  });
  // A first start: the app migrates the database; the outbox is there once it has.
  for (let said = false; ; said = true) {
    const { rows } = await database.pool
      .query<{ ready: boolean }>(`SELECT to_regclass('outbox') IS NOT NULL AS ready`)
      .catch(() => ({ rows: [] as { ready: boolean }[] }));
    if (rows[0]?.ready) break;
    if (!said) log.info('The outbox worker waits for the app to prepare the database');
    await new Promise((resolve) => setTimeout(resolve, CLUSTER_WAIT_MS));
  }
  const mailer = createMailer(mailConfigOf(config), (message) => log.info(message));
  const { provider } = createPayments(database.db, paymentsConfigOf(config), log);
  const context = outboxContextOf(
    { db: database.db, mailer, provider, config: jobsConfigOf(config) },
    log,
  );
  const running = outboxWorkerJobs(context).map((job) => startIntervalJob(job, log));
  // The jobs' timers do not keep a process alive (in the app, its listener does): this one does.
  const alive = setInterval(() => undefined, 1 << 30);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing the outbox jobs in flight, then stopping`);
    for (const job of running) await job.stop();
    clearInterval(alive);
    await endPools(database);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  log.info('The Toolhouse outbox worker is running');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
