import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressBodySchema,
  AddressParamsSchema,
  SavedAddressListSchema,
  SavedAddressSchema,
} from '../../../shared/address.ts';
import { DeletedCountSchema } from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { deleteAddress, listAddresses, saveAddress } from './addresses.service.ts';

// The signed-in customer's own saved addresses: every route works on the caller's rows only.
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/addresses',
    { config: { access: 'user' }, schema: { response: { 200: SavedAddressListSchema } } },
    (request) => listAddresses(db, callerOf(request).id),
  );

  app.post(
    '/addresses',
    {
      config: { access: 'user' },
      schema: { body: AddressBodySchema, response: { 201: SavedAddressSchema } },
    },
    async (request, reply) => {
      const saved = await saveAddress(db, callerOf(request).id, request.body);
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: { params: AddressParamsSchema, response: { 200: DeletedCountSchema } },
    },
    async (request) => {
      await deleteAddress(db, callerOf(request).id, request.params.id);
      return { deletedCount: 1 };
    },
  );
};
