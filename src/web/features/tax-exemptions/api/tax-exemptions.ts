import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CERTIFICATE_FIELD,
  TaxExemptionListSchema,
  TaxExemptionSchema,
  taxExemptionPaths,
  type RejectExemptionBody,
  type VatNumberBody,
} from '../../../../shared/tax-exemption.ts';
import { apiClient, apiDownload, apiUpload } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/save-download.ts';

const exemptionsKey = ['tax-exemptions'] as const;
const mineKey = [...exemptionsKey, 'mine'] as const;
const pendingKey = [...exemptionsKey, 'pending'] as const;

/** GET /api/tax-exemptions/mine: the caller's requests, newest first. */
export const myExemptionsQueryOptions = () =>
  queryOptions({
    queryKey: mineKey,
    queryFn: ({ signal }) =>
      apiClient.get(taxExemptionPaths.mine, TaxExemptionListSchema, { signal }),
  });

export const useMyExemptions = () => useQuery(myExemptionsQueryOptions());

/** GET /api/admin/tax-exemptions?status=pending: the staff's review queue. */
export const usePendingExemptions = () =>
  useQuery({
    queryKey: pendingKey,
    queryFn: ({ signal }) =>
      apiClient.get(`${taxExemptionPaths.admin}?status=pending`, TaxExemptionListSchema, {
        signal,
      }),
  });

/** A mutation that refreshes every exemption list once answered. */
function useExemptionMutation<Vars, Result>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: exemptionsKey }),
  });
}

/** POST /api/tax-exemptions (JSON): a VAT number for reverse charge. */
export const useSendVatNumber = () =>
  useExemptionMutation((body: VatNumberBody) =>
    apiClient.post(taxExemptionPaths.exemptions, body, TaxExemptionSchema),
  );

/** POST /api/tax-exemptions (multipart): a resale or exemption certificate. */
export const useSendCertificate = () =>
  useExemptionMutation((file: File) => {
    const form = new FormData();
    form.append(CERTIFICATE_FIELD, file);
    return apiUpload(taxExemptionPaths.exemptions, form, TaxExemptionSchema);
  });

export const useApproveExemption = () =>
  useExemptionMutation((id: string) =>
    apiClient.post(taxExemptionPaths.action(id, 'approve'), {}, TaxExemptionSchema),
  );

export const useRejectExemption = () =>
  useExemptionMutation(({ id, body }: { id: string; body: RejectExemptionBody }) =>
    apiClient.post(taxExemptionPaths.action(id, 'reject'), body, TaxExemptionSchema),
  );

/**
 * The certificate's file (fetched with the staff's token, which a plain link cannot send), opened
 * in a new tab for reading: a PDF or an image whose type the server checked, so no script runs.
 * A blocked pop-up downloads it instead.
 */
export async function openExemptionDocument(id: string): Promise<void> {
  const file = await apiDownload(taxExemptionPaths.document(id));
  const url = URL.createObjectURL(file.blob);
  if (!window.open(url, '_blank')) saveDownload(file);
  // The new tab has loaded it by then; the URL is not needed any longer.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
