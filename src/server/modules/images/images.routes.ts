import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { singleLineText } from '../../../shared/text.ts';
import { NotFound } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { matchesIfNoneMatch } from '../../http/conditional-get.ts';
import { createImageStore } from './image-variants.service.ts';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * GET /images/<sha256>.webp: content-addressed, so the bytes behind a URL never change; also
 * `<sha256>-w400.webp` and `-w800.webp` (responsive copies). Served from memory once read.
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const images = createImageStore(db);
  app.get(
    '/images/:file',
    { schema: { params: z.object({ file: singleLineText('File', { keepSpaces: true }) }) } },
    async (request, reply) => {
      const found = await images.find(request.params.file);
      if (!found) throw new NotFound('Image not found');
      const etag = `"${found.hash}"`;
      reply
        .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(found.contentType).send(found.bytes);
    },
  );
};
