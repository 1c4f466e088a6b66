import { pino, type Logger } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { quietKnownOutages } from './db/known-outage-logs.ts';

/*
 * What every process of the server starts with (the app, main.ts; the outbox worker,
 * outbox-worker.ts): its configuration, or the configuration's one-line error and exit code 1,
 * and its logger.
 */

/** The configuration from the environment; a bad value is printed as it is and the process ends. */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The process's logger, at the configured level, quiet about the outages the app answers. */
export const processLogger = (config: AppConfig): Logger =>
  pino({ level: config.logLevel, hooks: { logMethod: quietKnownOutages } });
