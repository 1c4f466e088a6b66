import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, ImageUploadResponseSchema } from '../../../shared/product.ts';
import { auditLog, image } from '../../db/schema.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let customer: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAdmin(t);
  customer = await signUp(t.app);
});
afterAll(() => t.close());

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body built by hand, so each test controls names, types and bytes. */
function multipart(parts: Part[]) {
  const boundary = `----toolhouse${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `Content-Type: ${part.type}\r\n`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`,
      ),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  data: Buffer | string,
  { filename = 'photo.png', type = 'image/png', who = admin as SignedIn | null } = {},
) {
  const body = multipart([{ name: 'image', filename, type, data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: body.payload,
    headers: { ...body.headers, ...who?.headers },
  });
}

async function storedImages(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(image);
  return row!.n;
}

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** A valid 1x1 PNG whose header then claims width x height: tiny file, huge decode. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1, '#ffffff').png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // IHDR's CRC covers its type and data (bytes 12..28).
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

describe('POST /api/images: who may upload', () => {
  it('refuses anonymous callers (401) and customers (403), storing nothing', async () => {
    const before = await storedImages();
    const png = await solid(4, 4, '#123456').png().toBuffer();
    const anonymous = await upload(png, { who: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const byCustomer = await upload(png, { who: customer });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await storedImages()).toBe(before);
  });
});

describe('POST /api/images: accepted images', () => {
  it.each([
    ['PNG', 'png', 'image/png', () => solid(40, 30, '#ff0000').png().toBuffer()],
    ['JPEG', 'jpg', 'image/jpeg', () => solid(40, 30, '#00ff00').jpeg().toBuffer()],
    ['WebP', 'webp', 'image/webp', () => solid(40, 30, '#0000ff').webp().toBuffer()],
    ['GIF', 'gif', 'image/gif', () => solid(40, 30, '#ffff00').gif().toBuffer()],
  ])(
    'stores a %s as WebP and serves it at the returned URL',
    async (_label, extension, type, make) => {
      const before = await storedImages();
      const res = await upload(await make(), { filename: `tool.${extension}`, type });
      expect(res.statusCode).toBe(201);
      const { data } = ImageUploadResponseSchema.parse(res.json());
      expect(res.json()).toEqual({ success: true, data: { url: data.url } });
      expect(data.url).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
      expect(await storedImages()).toBe(before + 1);
      const [audited] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'image.upload'), eq(auditLog.targetId, data.url)));
      expect(audited).toMatchObject({ actorEmail: admin.email, targetType: 'image' });

      const served = await t.app.inject(data.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    },
  );

  it('strips metadata: EXIF written into a JPEG is gone from the stored image', async () => {
    const jpeg = await solid(64, 48, '#336699')
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'GPS 52.52N 13.40E' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('Secret Photographer')).toBe(true);

    const res = await upload(jpeg, { filename: 'drill.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject(res.json().data.url);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes('Secret Photographer')).toBe(false);
    expect(served.rawPayload.includes('GPS 52.52N')).toBe(false);
  });

  it('shrinks a large photo to fit inside 1600x1600, keeping its proportions', async () => {
    const res = await upload(await solid(3200, 1000, '#abcdef').png().toBuffer());
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject(res.json().data.url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1600, height: 500 });
  });

  it('gives the same image the same URL, stored once', async () => {
    const png = await solid(20, 20, '#010203').png().toBuffer();
    const before = await storedImages();
    const first = await upload(png);
    const second = await upload(png, { filename: 'renamed.png' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.url).toBe(first.json().data.url);
    expect(await storedImages()).toBe(before + 1);
  });

  it('ignores other form fields sent along with the image', async () => {
    const body = multipart([
      { name: 'key', data: 'an image-host API key the spec client sends' },
      {
        name: 'image',
        filename: 'a.png',
        type: 'image/png',
        data: await solid(8, 8, '#0f0f0f').png().toBuffer(),
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/images: refused uploads store nothing', () => {
  const UNSUPPORTED = {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
    requestId: expect.any(String),
  };

  it('refuses a file over 5 MB with 413', async () => {
    const before = await storedImages();
    const big = Buffer.concat([
      await solid(8, 8, '#000000').png().toBuffer(),
      randomBytes(IMAGE_MAX_BYTES),
    ]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image is larger than 5 MB.',
    });
    expect(await storedImages()).toBe(before);
  });

  it.each([
    ['an SVG', SVG, 'tool.svg', 'image/svg+xml'],
    ['an SVG renamed .png', SVG, 'tool.png', 'image/png'],
    ['an SVG with an XML prolog', `<?xml version="1.0"?>\n${SVG}`, 'tool.svg', 'image/svg+xml'],
    [
      'HTML renamed .png',
      '<!doctype html><html><script>alert(document.cookie)</script></html>',
      'tool.png',
      'image/png',
    ],
    ['plain text', 'just some words', 'notes.txt', 'text/plain'],
    ['a PDF', '%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj', 'manual.pdf', 'application/pdf'],
    [
      'a PNG signature over garbage',
      Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(200)]),
      'x.png',
      'image/png',
    ],
  ])('refuses %s with 415', async (_label, data, filename, type) => {
    const before = await storedImages();
    const res = await upload(data, { filename, type });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(UNSUPPORTED);
    expect(await storedImages()).toBe(before);
  });

  it('refuses a truncated JPEG with 415', async () => {
    const jpeg = await solid(400, 300, '#808080').jpeg().toBuffer();
    const res = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), {
      filename: 'cut.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
  });

  it.each([
    ['a tiny PNG that claims 100000x100000 pixels', () => pngClaiming(100_000, 100_000)],
    [
      'an 8000x8000 single-colour PNG that compresses small',
      () => solid(8000, 8000, '#777777').png({ compressionLevel: 9 }).toBuffer(),
    ],
  ])('refuses %s (a pixel bomb) with 413', async (_label, make) => {
    const bomb = await make();
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    const before = await storedImages();
    const res = await upload(bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image has too many pixels: at most 40 megapixels can be uploaded.',
    });
    expect(await storedImages()).toBe(before);
  });
});

describe('POST /api/images: malformed requests', () => {
  const post = (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload,
      headers: { 'content-type': contentType, ...admin.headers },
    });

  it('answers 400 "Image is required" when the form has no file', async () => {
    const body = multipart([{ name: 'title', data: 'no file here' }]);
    const res = await post(body.payload, body.headers['content-type']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Image is required',
      fields: { image: 'Image is required' },
    });
  });

  it('answers 400 for a file in another field, an empty file and an empty form', async () => {
    const png = await solid(4, 4, '#444444').png().toBuffer();
    const otherField = multipart([
      { name: 'photo', filename: 'a.png', type: 'image/png', data: png },
    ]);
    expect((await post(otherField.payload, otherField.headers['content-type'])).statusCode).toBe(
      400,
    );
    const emptyFile = multipart([
      { name: 'image', filename: 'a.png', type: 'image/png', data: '' },
    ]);
    expect((await post(emptyFile.payload, emptyFile.headers['content-type'])).json()).toMatchObject(
      { code: 'VALIDATION_FAILED', message: 'Image is required' },
    );
    expect((await post('', 'multipart/form-data; boundary=xyz')).statusCode).toBe(400);
  });

  it('answers 400 for two files and for a multipart body without a boundary', async () => {
    const png = await solid(4, 4, '#555555').png().toBuffer();
    const two = multipart([
      { name: 'image', filename: 'a.png', type: 'image/png', data: png },
      { name: 'image', filename: 'b.png', type: 'image/png', data: png },
    ]);
    const res = await post(two.payload, two.headers['content-type']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send one image in the field "image" and nothing else.');
    expect((await post('garbage', 'multipart/form-data')).statusCode).toBe(400);
  });

  it('answers 415 when the body is not multipart', async () => {
    const json = await post(
      JSON.stringify({ image: 'data:image/png;base64,AAAA' }),
      'application/json',
    );
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const raw = await post(await solid(4, 4, '#666666').png().toBuffer(), 'image/png');
    expect(raw.statusCode).toBe(415);
  });

  it('parses multipart on this route only', async () => {
    const body = multipart([{ name: 'name', data: 'Drill' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /api/images over a real connection', () => {
  it('takes a browser-style FormData upload, and answers an oversized one with 413', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const send = (bytes: Buffer, who: SignedIn | null = admin) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'tool.png');
      return fetch(`${address}/api/images`, { method: 'POST', body: form, headers: who?.headers });
    };
    const png = await solid(30, 30, '#987654').png().toBuffer();

    const ok = await send(png);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { success: boolean }).success).toBe(true);

    const before = await storedImages();
    const tooBig = await send(Buffer.concat([png, randomBytes(IMAGE_MAX_BYTES)]));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ message: 'The image is larger than 5 MB.' });
    expect((await send(png, null)).status).toBe(401);
    expect(await storedImages()).toBe(before);
  });
});
