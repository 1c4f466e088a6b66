import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMAGE_UPLOAD_FIELD as IMAGE_FIELD,
  IMAGE_MAX_BYTES,
  IMAGE_REQUIRED_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  ImageUploadResponseSchema,
} from '../../../shared/product.ts';
import { callerOf } from '../../http/authentication.ts';
import type { Db } from '../../db/client.ts';
import { Invalid, type AppError } from '../../errors.ts';
import { ImageTooLarge, UnsupportedImage, uploadImage } from './image-upload.service.ts';

const NOT_MULTIPART_MESSAGE = `Send the image as multipart/form-data in the field "${IMAGE_FIELD}".`;
const ONE_IMAGE_MESSAGE = `Send one image in the field "${IMAGE_FIELD}" and nothing else.`;

/** Multipart parser errors (codes from @fastify/multipart) in the one error shape. */
function uploadError(error: unknown): AppError {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ImageTooLarge(IMAGE_TOO_LARGE_MESSAGE);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new Invalid(ONE_IMAGE_MESSAGE);
    default:
      // Malformed multipart (no boundary, cut short, forbidden field names): the client's fault.
      return new Invalid(NOT_MULTIPART_MESSAGE);
  }
}

/** The bytes of the `image` file; every part is read to its end (within the limits) first. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new UnsupportedImage(NOT_MULTIPART_MESSAGE);
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === IMAGE_FIELD && !image) image = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!image || image.length === 0)
    throw new Invalid(IMAGE_REQUIRED_MESSAGE, { [IMAGE_FIELD]: IMAGE_REQUIRED_MESSAGE });
  return image;
}

/**
 * POST /api/images (admins): the shop's own image host, answering like the one the spec used.
 * The multipart parser lives in this scope only; every other route stays JSON-only.
 */
export const imageUploadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      headerPairs: 20,
    },
  });

  app.post(
    '/images',
    {
      config: { access: { permission: 'catalogue.manage' } },
      schema: { response: { 201: ImageUploadResponseSchema } },
    },
    async (request, reply) => {
      const stored = await uploadImage(db, await readImageField(request), callerOf(request));
      return reply.code(201).send({ success: true as const, data: { url: stored.url } });
    },
  );
};
