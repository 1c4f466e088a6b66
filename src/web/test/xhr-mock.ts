import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** What an automatic answer sends back: a status and a JSON body. */
export interface XhrAnswer {
  status: number;
  body: unknown;
}

/**
 * One request made through the fake XMLHttpRequest. The test reads what was sent and, when no
 * automatic answer was given, drives the upload itself (progress, answer, network failure).
 */
export class FakeXhr {
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  readonly headers = new Headers();
  body: unknown = null;
  aborted = false;
  #onSend: (request: FakeXhr) => void;

  constructor(onSend: (request: FakeXhr) => void) {
    this.#onSend = onSend;
  }

  open(method: string, url: string): void {
    this.method = method.toUpperCase();
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  send(body: unknown): void {
    this.body = body;
    this.#onSend(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file sent in a multipart field. */
  file(field: string): File | null {
    if (!(this.body instanceof FormData)) return null;
    const value = this.body.get(field);
    return value instanceof File ? value : null;
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }

  failNetwork(): void {
    this.onerror?.();
  }
}

/** Progress, an answer or a failure from the test itself: React updates run inside act(). */
export const xhrControl = {
  progress: (request: FakeXhr, loaded: number, total: number) =>
    act(() => request.progress(loaded, total)),
  respond: (request: FakeXhr, status: number, body: unknown) =>
    act(async () => {
      request.respond(status, body);
      // Let the promise chain behind the answer settle inside act() as well.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }),
};

/**
 * Replaces XMLHttpRequest for one test (setup.ts unstubs it). With `answer`, each request gets its
 * result on the next task, after a full progress event; without, the test answers by hand.
 */
export function mockXhr(answer?: (request: FakeXhr) => XhrAnswer) {
  const requests: FakeXhr[] = [];
  const onSend = (request: FakeXhr) => {
    requests.push(request);
    if (!answer) return;
    const { status, body } = answer(request);
    setTimeout(() => {
      if (request.aborted) return;
      request.progress(100, 100);
      request.respond(status, body);
    }, 0);
  };
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super(onSend);
      }
    },
  );
  return { requests };
}
