import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantUrl } from '../../../shared/image-variants.ts';
import type { Product } from '../../../shared/product.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let img: string;

beforeAll(async () => {
  t = await buildTestApp();
  const [first] = (await t.app.inject('/api/products')).json<Product[]>();
  img = first!.img;
});
afterAll(async () => {
  await t?.close();
});

describe('responsive product images', () => {
  it('offers our images at 400 and 800 pixels wide, and nothing for other URLs', () => {
    const hash = img.slice('/images/'.length, -'.webp'.length);
    expect(imageSrcSet(img)).toBe(`/images/${hash}-w400.webp 400w, /images/${hash}-w800.webp 800w`);
    expect(imageSrcSet('https://elsewhere.example/a.webp')).toBeUndefined();
    expect(imageVariantUrl('/images/nope.webp', 400)).toBeUndefined();
  });

  it('serves a smaller WebP copy, immutable, and the same bytes again from memory', async () => {
    const original = await t.app.inject(img);
    const res = await t.app.inject(imageVariantUrl(img, 400)!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    const originalMeta = await sharp(original.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(Math.min(400, originalMeta.width));
    expect(res.rawPayload.length).toBeLessThanOrEqual(original.rawPayload.length);
    const again = await t.app.inject(imageVariantUrl(img, 400)!);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const revalidated = await t.app.inject({
      url: imageVariantUrl(img, 400)!,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers 304 to any If-None-Match naming its tag: weak, in a list, or *', async () => {
    const first = await t.app.inject(img);
    const etag = String(first.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.app.inject({ url: img, headers: { 'if-none-match': header } });
      expect(res.statusCode, header).toBe(304);
      expect(res.rawPayload.length).toBe(0);
    }
    const changed = await t.app.inject({ url: img, headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('refuses other widths and unknown images with a 404', async () => {
    const hash = img.slice('/images/'.length, -'.webp'.length);
    for (const url of [`/images/${hash}-w123.webp`, `/images/${'0'.repeat(64)}-w400.webp`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
