import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Conflict } from '../errors.ts';
import { INPUT_REFUSED_MESSAGE, registerErrorHandler } from './error-handler.ts';

async function appThatThrows(error: unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/boom', () => {
    throw error;
  });
  app.post(
    '/echo',
    { schema: { body: z.object({ qty: z.number().int().min(1) }) } },
    (request) => request.body,
  );
  // A route that declares its own 400 shape (as a card processor's answer does).
  app.post(
    '/card',
    {
      schema: {
        body: z.object({ card: z.string() }),
        response: { 200: z.object({ ok: z.boolean() }), 400: z.object({ decline: z.string() }) },
      },
    },
    () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('hides an unexpected error behind a generic 500 with a request id', async () => {
    const app = await appThatThrows(new Error('secret database detail at /srv/app.ts:12'));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts:');
  });

  it('maps typed service errors to their status', async () => {
    const res = await (await appThatThrows(new Conflict('Out of stock'))).inject('/boom');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'Out of stock' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const res = await (await appThatThrows(error)).inject('/boom');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers 503 for a driver error wrapped by the query builder (drizzle)', async () => {
    const shuttingDown = Object.assign(new Error('the database system is shutting down'), {
      code: '57P03',
    });
    const wrapped = new Error('Failed query: select 1\nparams: ', { cause: shuttingDown });
    const res = await (await appThatThrows(wrapped)).inject('/boom');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('Failed query');
  });

  it('answers 400 without details when the database refuses a value the request carried', async () => {
    for (const [code, detail] of [
      ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
      ['22P02', 'invalid input syntax for type uuid: "secret-value"'],
      ['22023', 'time zone "Mars/Olympus" not recognized'],
    ]) {
      const refusal = Object.assign(new Error(detail), { code });
      const wrapped = new Error('Failed query: select $1\nparams: secret-value', {
        cause: refusal,
      });
      const res = await (await appThatThrows(wrapped)).inject('/boom');
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({
        code: 'BAD_REQUEST',
        message: INPUT_REFUSED_MESSAGE,
        requestId: expect.any(String),
      });
      expect(res.body).not.toContain('secret');
    }
  });

  it('keeps a data exception that input cannot cause a 500', async () => {
    const bug = Object.assign(new Error('division by zero'), { code: '22012' });
    expect((await (await appThatThrows(bug)).inject('/boom')).statusCode).toBe(500);
  });

  it('reports validation failures per field', async () => {
    const app = await appThatThrows(new Error('unused'));
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { qty: 1.5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { qty: expect.any(String) },
    });
  });

  it('answers a bad body in the one error shape even where the route declares its own 400', async () => {
    const app = await appThatThrows(new Error('unused'));
    for (const payload of ['{"card":', 'null', '[1]', '"text"']) {
      const res = await app.inject({
        method: 'POST',
        url: '/card',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), requestId: expect.any(String) });
    }
  });
});
