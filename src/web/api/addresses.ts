import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../shared/api-paths.ts';
import {
  SavedAddressListSchema,
  SavedAddressSchema,
  type AddressBody,
  type SavedAddress,
} from '../../shared/address.ts';
import { DeletedCountSchema } from '../../shared/purchase.ts';
import { addressLine } from '../../shared/postal-address.ts';
import { apiClient } from '../lib/api-client.ts';
import { companyAddressesQueryOptions, useMyCompany } from './companies.ts';
import { useAuth } from '../lib/auth/session.ts';
import { queryKeys } from '../lib/query-keys.ts';

// The signed-in customer's saved addresses, offered by the purchase form and the checkout: two
// features read them, and features never import each other, so they live outside both.

/** GET /api/addresses: the caller's own, at most ADDRESSES_MAX. */
export function getSavedAddresses(options: { signal?: AbortSignal } = {}): Promise<SavedAddress[]> {
  return apiClient.get(apiPaths.addresses, SavedAddressListSchema, options);
}

export const savedAddressesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.addresses,
    queryFn: ({ signal }) => getSavedAddresses({ signal }),
  });

export function useSavedAddresses() {
  const { status } = useAuth();
  return useQuery({ ...savedAddressesQueryOptions(), enabled: status === 'signedIn' });
}

/**
 * Issue 37: the delivery addresses of the caller's company (its members share them), as saved
 * addresses with their structured form; none for a buyer on their own.
 */
export function useCompanyAddresses() {
  const { status } = useAuth();
  const company = useMyCompany({ enabled: status === 'signedIn' }).data;
  return useQuery({
    ...companyAddressesQueryOptions(company?.id ?? ''),
    enabled: company != null,
    select: (addresses): SavedAddress[] =>
      addresses.map((shared) => ({
        _id: shared.id,
        address: [shared.label, addressLine(shared.address)].filter(Boolean).join(': '),
        phone: shared.address.phone,
        postal: shared.address,
        createdAt: shared.createdAt,
      })),
  });
}

/** POST /api/addresses: 409 with TOO_MANY_ADDRESSES_MESSAGE once the account holds the most. */
export function saveAddress(body: AddressBody): Promise<SavedAddress> {
  return apiClient.post(apiPaths.addresses, body, SavedAddressSchema);
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}

/** DELETE /api/addresses/{id}: one of the caller's own (404 for any other). */
export function deleteAddress(id: string): Promise<unknown> {
  return apiClient.delete(apiPaths.address(id), DeletedCountSchema);
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}
