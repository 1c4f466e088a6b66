import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { configOrExit, processLogger } from './process-start.ts';

// Process entry: configuration, database, app, listen; graceful shutdown on SIGINT/SIGTERM.

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = configOrExit();
  const log = processLogger(config);
  const database = await openDatabase(config, {
    info: (m) => log.info(m),
    error: (e, m) => log.error({ err: e }, m),
  });

  const fail = async (error: unknown, message: string) => {
    log.fatal({ err: error }, message);
    await database.close().catch(() => undefined);
    process.exit(1);
  };
  process.on('uncaughtException', (error) => void fail(error, 'uncaught exception'));
  process.on('unhandledRejection', (error) => void fail(error, 'unhandled rejection'));

  const app = await buildApp({ config, database, logger: log });

  let stopping = false;
  // While stopping, an answer ends its keep-alive connection: an idle one left open (a browser's,
  // a proxy's) would otherwise hold the shutdown until the shutdown timeout kills the process.
  // A callback hook: every answer passes it, so no promise and no tick for it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing open requests, then stopping`);
    const timer = setTimeout(() => {
      log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await app.close();
    await database.close();
    log.info('Stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    `Toolhouse is ready at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
  );
}

main().catch((error: unknown) => {
  // A failed start must be diagnosable: the stack, not just the message (a ConfigError, the
  // user's own mistake, is reported above with its message alone).
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
