import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/constants.ts';
import { mockXhr } from '../test/xhr-mock.ts';
import { caughtApiError } from '../test/caught-api-error.ts';
import { ClientErrorCode, apiUpload } from './api-client.ts';

const UrlSchema = z.object({ url: z.string() });

function imageForm() {
  const form = new FormData();
  form.append('image', new File(['png'], 'drill.png', { type: 'image/png' }));
  return form;
}

describe('apiUpload', () => {
  it('posts the form with the bearer token, reports progress and returns the parsed answer', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok-1');
    const { requests } = mockXhr();
    const progress: number[] = [];

    const upload = apiUpload('/api/images', imageForm(), UrlSchema, {
      onProgress: (percent) => progress.push(percent),
    });
    const [request] = requests;
    request!.progress(1, 3);
    request!.progress(3, 3);
    request!.respond(201, { url: '/images/a.webp', extra: 'dropped' });

    await expect(upload).resolves.toEqual({ url: '/images/a.webp' });
    expect(progress).toEqual([33, 100]);
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/images');
    expect(request!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(request!.headers.has('Content-Type')).toBe(false);
    expect(request!.file('image')?.name).toBe('drill.png');
  });

  it("turns the server's refusal into an ApiError with its message", async () => {
    mockXhr(() => ({ status: 413, body: { message: 'The image is larger than 5 MB.' } }));
    const error = await caughtApiError(apiUpload('/api/images', imageForm(), UrlSchema));
    expect(error.status).toBe(413);
    expect(error.message).toBe('The image is larger than 5 MB.');
  });

  it('reads our own error shape, fields included', async () => {
    mockXhr(() => ({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'Bad', fields: { image: 'Image is required' } },
    }));
    const error = await caughtApiError(apiUpload('/api/images', imageForm(), UrlSchema));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({ image: 'Image is required' });
  });

  it('says so when the network fails or the answer is outside the contract', async () => {
    const { requests } = mockXhr();
    const offline = caughtApiError(apiUpload('/api/images', imageForm(), UrlSchema));
    requests[0]!.failNetwork();
    expect((await offline).code).toBe(ClientErrorCode.Network);

    const odd = caughtApiError(apiUpload('/api/images', imageForm(), UrlSchema));
    requests[1]!.respond(201, { nope: true });
    expect((await odd).code).toBe(ClientErrorCode.InvalidResponse);
  });

  it('cancels the request when its signal aborts', async () => {
    const { requests } = mockXhr();
    const controller = new AbortController();
    const upload = apiUpload('/api/images', imageForm(), UrlSchema, { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0]!.aborted).toBe(true);
  });
});
