import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeletedSchema,
  PricingSettingsBodySchema,
  PricingSettingsSchema,
  ShippingMethodBodySchema,
  ShippingMethodParamsSchema,
  ShippingMethodSchema,
  ShippingZoneBodySchema,
  ShippingZoneListSchema,
  ShippingZoneParamsSchema,
  ShippingZoneSchema,
  TaxRegionListSchema,
  TaxRegionParamsSchema,
  TaxRegionPatchSchema,
  TaxRegionSchema,
} from '../../../shared/shipping-settings.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import {
  createShippingMethod,
  createShippingZone,
  deleteShippingMethod,
  deleteShippingZone,
  listShippingZones,
  updateShippingMethod,
  updateShippingZone,
} from './shipping-zones.service.ts';
import {
  getPricingSettings,
  listTaxRegions,
  updatePricingSettings,
  updateTaxRegion,
} from './tax-table.service.ts';

/** Shipping zones and methods, the tax table and the pricing settings (issue 35): admins. */
export const shippingSettingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const access = { permission: 'admin.other' } as const;

  app.get(
    '/admin/shipping-zones',
    {
      config: { access },
      schema: {
        summary: 'Shipping zones with their methods',
        response: { 200: ShippingZoneListSchema },
      },
    },
    async () => ({ zones: await listShippingZones(db) }),
  );

  app.post(
    '/admin/shipping-zones',
    {
      config: { access },
      schema: {
        summary: 'Adds a shipping zone (countries, optionally regions)',
        body: ShippingZoneBodySchema,
        response: { 201: ShippingZoneSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createShippingZone(db, callerOf(request), request.body)),
  );

  app.put(
    '/admin/shipping-zones/:zoneId',
    {
      config: { access },
      schema: {
        summary: "Changes a shipping zone's name, countries, regions and position",
        params: ShippingZoneParamsSchema,
        body: ShippingZoneBodySchema,
        response: { 200: ShippingZoneSchema },
      },
    },
    (request) => updateShippingZone(db, callerOf(request), request.params.zoneId, request.body),
  );

  app.delete(
    '/admin/shipping-zones/:zoneId',
    {
      config: { access },
      schema: {
        summary: 'Deletes a shipping zone and its methods',
        params: ShippingZoneParamsSchema,
        response: { 200: DeletedSchema },
      },
    },
    async (request) => {
      await deleteShippingZone(db, callerOf(request), request.params.zoneId);
      return { deleted: true as const };
    },
  );

  app.post(
    '/admin/shipping-zones/:zoneId/methods',
    {
      config: { access },
      schema: {
        summary: 'Adds a shipping method to a zone',
        params: ShippingZoneParamsSchema,
        body: ShippingMethodBodySchema,
        response: { 201: ShippingMethodSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createShippingMethod(db, callerOf(request), request.params.zoneId, request.body),
        ),
  );

  app.put(
    '/admin/shipping-methods/:methodId',
    {
      config: { access },
      schema: {
        summary: 'Changes a shipping method (its rates, free-shipping threshold, delivery time…)',
        params: ShippingMethodParamsSchema,
        body: ShippingMethodBodySchema,
        response: { 200: ShippingMethodSchema },
      },
    },
    (request) => updateShippingMethod(db, callerOf(request), request.params.methodId, request.body),
  );

  app.delete(
    '/admin/shipping-methods/:methodId',
    {
      config: { access },
      schema: {
        summary: 'Deletes a shipping method',
        params: ShippingMethodParamsSchema,
        response: { 200: DeletedSchema },
      },
    },
    async (request) => {
      await deleteShippingMethod(db, callerOf(request), request.params.methodId);
      return { deleted: true as const };
    },
  );

  app.get(
    '/admin/tax-regions',
    {
      config: { access },
      schema: {
        summary: 'The built-in tax table: every country and region with its rates',
        response: { 200: TaxRegionListSchema },
      },
    },
    async () => ({ regions: await listTaxRegions(db) }),
  );

  app.patch(
    '/admin/tax-regions/:code',
    {
      config: { access },
      schema: {
        summary: 'Changes a row of the tax table ("DE", or "US-CA" for a region)',
        params: TaxRegionParamsSchema,
        body: TaxRegionPatchSchema,
        response: { 200: TaxRegionSchema },
      },
    },
    (request) => updateTaxRegion(db, callerOf(request), request.params.code, request.body),
  );

  app.get(
    '/admin/pricing-settings',
    {
      config: { access },
      schema: {
        summary: "The shop's pricing settings (where a one-line address is priced)",
        response: { 200: PricingSettingsSchema },
      },
    },
    () => getPricingSettings(db),
  );

  app.put(
    '/admin/pricing-settings',
    {
      config: { access },
      schema: {
        summary: "Changes the shop's pricing settings",
        body: PricingSettingsBodySchema,
        response: { 200: PricingSettingsSchema },
      },
    },
    (request) => updatePricingSettings(db, callerOf(request), request.body),
  );
};
