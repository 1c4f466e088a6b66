import { useState } from 'react';
import {
  addressFieldErrors,
  COUNTRIES,
  postalCodeHint,
  postalCodeLabel,
  regionLabel,
  regionRequired,
  regionsOf,
  type AddressFieldErrors,
} from '../../shared/address-rules.ts';
import {
  ADDRESS_LABELS,
  POSTAL_FIELD_MAX,
  type PostalAddress,
} from '../../shared/postal-address.ts';
import { ADDRESS_MAX, PHONE_MAX } from '../../shared/purchase.ts';
import { isApiError } from '../lib/api-client.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { FormField } from './form-field.tsx';
import { TextField } from './text-field.tsx';

// A structured address (issue 35): Name, Company, Address, Address line 2, City, Region, Postal
// code, Country and Phone, each with its visible label, checked as it is typed with the same
// per-country rules as the server (src/shared/address-rules.ts). The labels stay the same in
// every country ("Region", "Postal code"); the country's own words are the fields' hints.

export type AddressField = keyof PostalAddress;

export const ALL_ADDRESS_FIELDS: readonly AddressField[] = [
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
  'phone',
];

/** An empty address in a country (the shop's origin by default). */
export const emptyAddress = (country = 'US'): PostalAddress => ({
  name: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country,
  phone: '',
});

const AUTOCOMPLETE: Record<AddressField, string> = {
  name: 'name',
  company: 'organization',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
  phone: 'tel',
};

/** Countries whose postal codes are digits alone. */
const DIGITS_ONLY: ReadonlySet<string> = new Set(['DE', 'FR', 'AU']);

/** The hint under Region: the country's word, and whether it must be given. */
function regionHint(country: string): string {
  const word = regionLabel(country);
  if (regionsOf(country).length === 0) return `${word}, optional`;
  return regionRequired(country) ? word : `${word}, optional`;
}

function postalHint(country: string): string {
  const example = postalCodeHint(country);
  const word = postalCodeLabel(country);
  return example ? `${word}. ${example}` : `${word}, optional`;
}

/** The address fields a 400 named (`address.city` of a delivery, or `city` of a saved address). */
export function addressErrorsFrom(error: unknown): AddressFieldErrors {
  if (!isApiError(error) || !error.fields) return {};
  const found: AddressFieldErrors = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const field = key.replace(/^address\./, '') as AddressField;
    if (ALL_ADDRESS_FIELDS.includes(field)) found[field] = message;
  }
  return found;
}

/** What a field shows: the live problem once the field was touched (or all of them were). */
export function visibleErrors(
  address: PostalAddress,
  touched: ReadonlySet<AddressField> | 'all',
  serverErrors: AddressFieldErrors = {},
): AddressFieldErrors {
  const live = addressFieldErrors(address);
  const shown: AddressFieldErrors = {};
  for (const field of ALL_ADDRESS_FIELDS) {
    const message =
      touched === 'all' || touched.has(field) ? (live[field] ?? serverErrors[field]) : undefined;
    if (message) shown[field] = message;
  }
  return shown;
}

interface AddressFormProps {
  value: PostalAddress;
  onChange: (address: PostalAddress) => void;
  /** Which fields to show, in this order (the purchase form shows only a few). */
  fields?: readonly AddressField[];
  /** Show every field's problem (after a submit), not only those of the fields touched. */
  showAllErrors?: boolean;
  /** What the server said about the last address sent, by field. */
  serverErrors?: AddressFieldErrors;
  /** False: no problems shown (an address left out altogether, on the purchase form). */
  checked?: boolean;
}

/**
 * The address fields of a form (no <form> of its own: the checkout, the purchase form and the
 * saved addresses each wrap it). Controlled: `value` and `onChange`; a field's problem shows once
 * it was changed or left, or all of them once `showAllErrors` is set.
 */
export function AddressForm({
  value,
  onChange,
  fields = ALL_ADDRESS_FIELDS,
  showAllErrors = false,
  serverErrors = {},
  checked = true,
}: AddressFormProps) {
  const hydrated = useHydrated();
  const [touched, setTouched] = useState<ReadonlySet<AddressField>>(() => new Set());
  const errors = checked ? visibleErrors(value, showAllErrors ? 'all' : touched, serverErrors) : {};
  const touch = (field: AddressField) =>
    setTouched((before) => (before.has(field) ? before : new Set(before).add(field)));
  const set = (field: AddressField, text: string) => {
    touch(field);
    onChange({ ...value, [field]: text });
  };
  const regions = regionsOf(value.country);

  const text = (field: AddressField, type = 'text', maxLength = POSTAL_FIELD_MAX) => (
    <TextField
      key={field}
      label={ADDRESS_LABELS[field]}
      type={type}
      autoComplete={AUTOCOMPLETE[field]}
      maxLength={maxLength}
      value={value[field]}
      error={errors[field]}
      onChange={(event) => set(field, event.target.value)}
      onBlur={() => touch(field)}
      {...(field === 'postalCode' && {
        hint: postalHint(value.country),
        // Digits only (DE, FR, AU): the phone's number pad.
        inputMode: DIGITS_ONLY.has(value.country) ? 'numeric' : 'text',
      })}
      {...(field === 'region' && { hint: regionHint(value.country) })}
    />
  );

  const select = (
    field: 'region' | 'country',
    options: readonly { code: string; name: string }[],
    placeholder: string,
    hint?: string,
  ) => (
    <FormField
      key={field}
      label={ADDRESS_LABELS[field]}
      error={errors[field]}
      {...(hint !== undefined && { hint })}
    >
      {(control) => (
        <select
          {...control}
          className={`select w-full ${errors[field] ? 'select-error' : ''}`.trim()}
          autoComplete={AUTOCOMPLETE[field]}
          disabled={!hydrated}
          value={value[field]}
          onChange={(event) => {
            touch(field);
            if (field === 'country') {
              const country = event.target.value;
              // A region of another country's list means nothing here.
              const keep = regionsOf(country).some((r) => r.code === value.region)
                ? value.region
                : regionsOf(value.country).length > 0 || regionsOf(country).length > 0
                  ? ''
                  : value.region;
              onChange({ ...value, country, region: keep });
            } else onChange({ ...value, region: event.target.value });
          }}
          onBlur={() => touch(field)}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  const control = (field: AddressField) => {
    switch (field) {
      case 'region':
        return regions.length > 0
          ? select(
              'region',
              regions,
              `Choose a ${regionLabel(value.country).toLowerCase()}`,
              regionHint(value.country),
            )
          : text('region');
      case 'country':
        return select('country', COUNTRIES, 'Choose a country');
      case 'phone':
        return text('phone', 'tel', PHONE_MAX);
      case 'line1':
        return text('line1', 'text', ADDRESS_MAX);
      default:
        return text(field);
    }
  };

  return <div className="grid gap-5 sm:grid-cols-2">{fields.map(control)}</div>;
}
