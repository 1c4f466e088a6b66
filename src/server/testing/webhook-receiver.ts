import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A webhook event as a receiver gets it. */
export interface ReceivedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * A receiver of webhooks on 127.0.0.1 for the file's tests (the app needs
 * WEBHOOK_ALLOW_PRIVATE=true to reach it): its URL once started, the events it got, and `until`,
 * which waits for the event `find` picks (15 s at most).
 */
export function setUpWebhookReceiver() {
  const received: ReceivedEvent[] = [];
  const state = { url: '' };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body) as ReceivedEvent);
        res.end();
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise((done) => server.close(done)));
  async function until(find: (event: ReceivedEvent) => boolean, ms = 15_000) {
    const end = Date.now() + ms;
    for (;;) {
      const found = received.find(find);
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error('not delivered in time');
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return {
    received,
    until,
    get url() {
      return state.url;
    },
  };
}
