import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeletedSchema,
  PricingSettingsSchema,
  ShippingMethodSchema,
  ShippingZoneListSchema,
  ShippingZoneSchema,
  TaxRegionListSchema,
  TaxRegionSchema,
  type PricingSettingsBody,
  type ShippingMethodBody,
  type ShippingZoneBody,
  type TaxRegionPatch,
  shippingSettingsPaths,
} from '../../../../shared/shipping-settings.ts';
import { apiClient } from '../../../lib/api-client.ts';

// Staff's shipping and tax settings (issue 35): the zones with their methods, the tax table and
// the pricing settings, each write refreshing what it changed.

const keys = {
  zones: ['shipping-zones'] as const,
  taxRegions: ['tax-regions'] as const,
  pricingSettings: ['pricing-settings'] as const,
};

export function useShippingZones() {
  return useQuery({
    queryKey: keys.zones,
    queryFn: ({ signal }) =>
      apiClient.get(shippingSettingsPaths.shippingZones, ShippingZoneListSchema, { signal }),
    select: (list) => list.zones,
  });
}

/** The zone and method writes; each refreshes the zones. */
export function useShippingMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: keys.zones });
  return {
    saveZone: useMutation({
      mutationFn: ({ id, body }: { id?: string | undefined; body: ShippingZoneBody }) =>
        id === undefined
          ? apiClient.post(shippingSettingsPaths.shippingZones, body, ShippingZoneSchema)
          : apiClient.put(shippingSettingsPaths.shippingZone(id), body, ShippingZoneSchema),
      onSuccess,
    }),
    deleteZone: useMutation({
      mutationFn: (id: string) =>
        apiClient.delete(shippingSettingsPaths.shippingZone(id), DeletedSchema),
      onSuccess,
    }),
    saveMethod: useMutation({
      mutationFn: ({
        zoneId,
        id,
        body,
      }: {
        zoneId: string;
        id?: string | undefined;
        body: ShippingMethodBody;
      }) =>
        id === undefined
          ? apiClient.post(
              shippingSettingsPaths.shippingZoneMethods(zoneId),
              body,
              ShippingMethodSchema,
            )
          : apiClient.put(shippingSettingsPaths.shippingMethod(id), body, ShippingMethodSchema),
      onSuccess,
    }),
    deleteMethod: useMutation({
      mutationFn: (id: string) =>
        apiClient.delete(shippingSettingsPaths.shippingMethod(id), DeletedSchema),
      onSuccess,
    }),
  };
}

export function useTaxRegions() {
  return useQuery({
    queryKey: keys.taxRegions,
    queryFn: ({ signal }) =>
      apiClient.get(shippingSettingsPaths.taxRegions, TaxRegionListSchema, { signal }),
    select: (list) => list.regions,
  });
}

/** PATCH one row of the tax table; the answer replaces the row in the cached table. */
export function useUpdateTaxRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, patch }: { code: string; patch: TaxRegionPatch }) =>
      apiClient.patch(shippingSettingsPaths.taxRegion(code), patch, TaxRegionSchema),
    onSuccess: (row) =>
      queryClient.setQueryData(keys.taxRegions, (list: { regions: (typeof row)[] } | undefined) =>
        list ? { regions: list.regions.map((one) => (one.code === row.code ? row : one)) } : list,
      ),
  });
}

export function usePricingSettings() {
  return useQuery({
    queryKey: keys.pricingSettings,
    queryFn: ({ signal }) =>
      apiClient.get(shippingSettingsPaths.pricingSettings, PricingSettingsSchema, { signal }),
  });
}

export function useSavePricingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricingSettingsBody) =>
      apiClient.put(shippingSettingsPaths.pricingSettings, body, PricingSettingsSchema),
    onSuccess: (settings) => queryClient.setQueryData(keys.pricingSettings, settings),
  });
}
