import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from './db/schema.ts';
import { projectRoot } from './paths.ts';
import { readOutbox, signUp } from './testing/accounts.ts';
import { placeTestOrder } from './testing/orders.ts';
import { buildTestApp, type TestApp } from './testing/test-app.ts';

// ADR 048: with OUTBOX_WORKER=separate the app runs no outbox worker; the worker process
// (src/server/outbox-worker.ts, started by npm start and deploy/toolhouse-outbox.service) sends
// what the app queued, and stops cleanly on SIGTERM.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { OUTBOX_WORKER: 'separate' } });
});
afterAll(() => t.close());

/** The order mails written for `email` (its sign-up mails are sent by the app itself). */
const orderMails = (email: string) =>
  readOutbox(t, email).filter((mail) => mail.subject.startsWith('Order received'));

const mailRows = () =>
  t.database.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.kind, 'mail'));

describe('the outbox worker process', () => {
  it('sends what the app queued, which the app itself no longer sends', async () => {
    const who = await signUp(t.app);
    await placeTestOrder(t, who);
    // Two of the app's worker intervals (1 s): nothing sent by the app.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await mailRows()).toEqual([{ status: 'pending' }]);
    expect(orderMails(who.email)).toEqual([]);

    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/server/outbox-worker.ts'], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: t.config.databaseUrl,
        DATA_DIR: t.config.dataDir,
        PUBLIC_URL: t.config.publicUrl,
        MAP_TILE_URL: '',
        BACKUP_DIR: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const deadline = Date.now() + 30_000;
      while (orderMails(who.email).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(orderMails(who.email), output).toHaveLength(1);
      // The file is written before its job is marked sent: wait for the mark as well.
      while ((await mailRows())[0]?.status === 'pending' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await mailRows()).toEqual([{ status: 'sent' }]);
      // Issue 38: it lowered its scheduling priority (OUTBOX_WORKER_NICE, default 5), so the
      // requests get the cores first at saturation (field 19 of /proc/<pid>/stat: nice).
      if (process.platform === 'linux') {
        const stat = readFileSync(`/proc/${worker.pid}/stat`, 'utf8');
        expect(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]).toBe('5');
      }
    } finally {
      const exited = once(worker, 'exit');
      worker.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code, output).toBe(0);
    }
  }, 60_000);
});
