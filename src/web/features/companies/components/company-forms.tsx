import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { addressFieldErrors, countryName, regionName } from '../../../../shared/address-rules.ts';
import {
  COMPANY_NAME_MAX,
  CompanyBodySchema,
  TAX_NUMBER_MAX,
  type Company,
} from '../../../../shared/companies.ts';
import type { PostalAddress } from '../../../../shared/postal-address.ts';
import {
  ALL_ADDRESS_FIELDS,
  AddressForm,
  emptyAddress,
  type AddressField,
} from '../../../components/address-form.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { AddressFieldErrors } from '../../../../shared/address-rules.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';
import { useCreateCompany, useUpdateCompany } from '../api/companies.ts';

// The company's own forms (issue 37): create one (its name, tax number and billing address), and
// its admins' edit of the same. The name and tax number are checked by the contract's schema as
// typed; the billing address by the country's rules, as the server does.

export const COMPANY_CREATED_MESSAGE = 'Company created: you are its admin';
export const COMPANY_SAVED_MESSAGE = 'Company details saved';

/** An address's lines as the page shows it. */
export function addressLines(postal: PostalAddress): string[] {
  const place = [postal.city, regionName(postal.country, postal.region), postal.postalCode]
    .filter(Boolean)
    .join(', ');
  return [
    postal.name,
    postal.company,
    postal.line1,
    postal.line2,
    place,
    countryName(postal.country),
    postal.phone,
  ].filter(Boolean);
}

/** The server's problems with an address under `prefix` (billingAddress.city -> city). */
export function addressErrorsUnder(error: unknown, prefix: string): AddressFieldErrors {
  if (!isApiError(error) || !error.fields) return {};
  const found: AddressFieldErrors = {};
  for (const [key, message] of Object.entries(error.fields)) {
    if (!key.startsWith(`${prefix}.`)) continue;
    const field = key.slice(prefix.length + 1) as AddressField;
    if (ALL_ADDRESS_FIELDS.includes(field)) found[field] = message;
  }
  return found;
}

interface CompanyFormProps {
  /** The company edited; none: a new one. */
  company?: Company;
  onDone?: () => void;
}

/** "Create a company", or its admins' edit of name, tax number and billing address. */
export function CompanyForm({ company, onDone }: CompanyFormProps) {
  const create = useCreateCompany();
  const update = useUpdateCompany(company?.id ?? '');
  const form = useSpecForm(CompanyBodySchema, {
    name: company?.name ?? '',
    taxNumber: company?.taxNumber ?? '',
  });
  const [address, setAddress] = useState<PostalAddress>(
    () => company?.billingAddress ?? emptyAddress(),
  );
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressFieldErrors>({});
  const pending = create.isPending || update.isPending;

  const onSubmit = formSubmitHandler(
    form.handleSubmit(
      async (values) => {
        if (Object.keys(addressFieldErrors(address)).length > 0) {
          setShowAllErrors(true);
          return;
        }
        const body = { name: values.name, taxNumber: values.taxNumber, billingAddress: address };
        try {
          if (company) await update.mutateAsync(body);
          else await create.mutateAsync(body);
        } catch (error) {
          const fields = addressErrorsUnder(error, 'billingAddress');
          setServerErrors(fields);
          for (const name of ['name', 'taxNumber'] as const) {
            const message = isApiError(error) ? error.fields?.[name] : undefined;
            if (message) form.setError(name, { message });
          }
          if (!isApiError(error) || !error.fields) toast.error(getErrorMessage(error));
          return;
        }
        toast.success(company ? COMPANY_SAVED_MESSAGE : COMPANY_CREATED_MESSAGE);
        onDone?.();
      },
      // The address is checked with the name and tax number, so every problem shows at once.
      () => setShowAllErrors(true),
    ),
  );

  return (
    <form
      noValidate
      aria-label={company ? 'Company details' : 'Create a company'}
      className="flex max-w-2xl flex-col gap-5"
      onSubmit={onSubmit}
    >
      <TextField
        label="Company name"
        autoComplete="organization"
        maxLength={COMPANY_NAME_MAX}
        {...form.field('name')}
      />
      <TextField
        label="Tax number"
        hint="Your VAT or tax identification number, as it should appear on invoices (optional)."
        autoComplete="off"
        maxLength={TAX_NUMBER_MAX}
        {...form.field('taxNumber')}
      />
      <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
        <legend className="px-1 font-semibold">Billing address</legend>
        <AddressForm
          value={address}
          onChange={(next) => {
            setServerErrors({});
            setAddress(next);
          }}
          showAllErrors={showAllErrors}
          serverErrors={serverErrors}
        />
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending}>{company ? 'Save details' : 'Create company'}</SubmitButton>
        {onDone && company && (
          <button type="button" className="btn" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
