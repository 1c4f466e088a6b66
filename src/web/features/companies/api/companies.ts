import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CompanyAddressSchema,
  CompanySchema,
  InvitationListSchema,
  InvitationSchema,
  MemberListSchema,
  MemberSchema,
  paths,
  type CompanyAddressBody,
  type CompanyBody,
  type CompanyRole,
  type CompanyUpdate,
} from '../../../../shared/companies.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { companyAddressesQueryOptions, useMyCompany } from '../../../api/companies.ts';

export { useMyCompany };

// The trade customer's company (issue 37): theirs (none or one), its members, invitations and
// delivery addresses. Every change refreshes everything of companies.

const companiesKey = queryKeys.companies;
const DeletedSchema = z.object({ deletedCount: z.number() });

export const useMembers = (companyId: string) =>
  useQuery({
    queryKey: [...companiesKey, companyId, 'members'],
    queryFn: async ({ signal }) =>
      (await apiClient.get(paths.members(companyId), MemberListSchema, { signal })).members,
  });

export const useInvitations = (companyId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...companiesKey, companyId, 'invitations'],
    enabled,
    queryFn: async ({ signal }) =>
      (await apiClient.get(paths.invitations(companyId), InvitationListSchema, { signal }))
        .invitations,
  });

export const useCompanyAddresses = (companyId: string) =>
  useQuery(companyAddressesQueryOptions(companyId));

/** GET an invitation (the person invited sees it from the mail's link). */
export const useInvitation = (companyId: string, invitationId: string) =>
  useQuery({
    queryKey: [...companiesKey, companyId, 'invitation', invitationId],
    queryFn: ({ signal }) =>
      apiClient.get(paths.invitation(companyId, invitationId), InvitationSchema, { signal }),
    retry: false,
  });

function useCompaniesMutation<Vars, Result>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

export const useCreateCompany = () =>
  useCompaniesMutation((body: CompanyBody) => apiClient.post(paths.companies, body, CompanySchema));

export const useUpdateCompany = (companyId: string) =>
  useCompaniesMutation((body: CompanyUpdate) =>
    apiClient.patch(paths.company(companyId), body, CompanySchema),
  );

export interface MemberChange {
  memberId: string;
  body: { role?: CompanyRole; orderLimit?: number | null; monthLimit?: number | null };
}

export const useUpdateMember = (companyId: string) =>
  useCompaniesMutation(({ memberId, body }: MemberChange) =>
    apiClient.patch(paths.member(companyId, memberId), body, MemberSchema),
  );

export const useRemoveMember = (companyId: string) =>
  useCompaniesMutation((memberId: string) =>
    apiClient.delete(paths.member(companyId, memberId), DeletedSchema),
  );

export const useInvite = (companyId: string) =>
  useCompaniesMutation((body: { email: string; role: CompanyRole }) =>
    apiClient.post(paths.invitations(companyId), body, InvitationSchema),
  );

/** DELETE an invitation: its admins cancel it, the person invited declines it. */
export const useCloseInvitation = (companyId: string) =>
  useCompaniesMutation((invitationId: string) =>
    apiClient.delete(paths.invitation(companyId, invitationId), InvitationSchema),
  );

export const useAcceptInvitation = (companyId: string) =>
  useCompaniesMutation((invitationId: string) =>
    apiClient.post(paths.acceptInvitation(companyId, invitationId), {}, CompanySchema),
  );

export const useAddCompanyAddress = (companyId: string) =>
  useCompaniesMutation((body: CompanyAddressBody) =>
    apiClient.post(paths.addresses(companyId), body, CompanyAddressSchema),
  );

export const useDeleteCompanyAddress = (companyId: string) =>
  useCompaniesMutation((addressId: string) =>
    apiClient.delete(paths.address(companyId, addressId), DeletedSchema),
  );
