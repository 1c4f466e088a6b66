import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  PricingSettingsBodySchema,
  TaxRegionPatchSchema,
  type TaxRegion,
  type TaxRegionPatch,
} from '../../../../shared/shipping-settings.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import {
  usePricingSettings,
  useSavePricingSettings,
  useTaxRegions,
  useUpdateTaxRegion,
} from '../api/shipping-settings.ts';
import { fieldErrorsOf, numberOrNothing, type FieldErrors } from '../lib/field-errors.ts';

// Taxes (issue 35, staff): the built-in tax table by country (US states and Canadian provinces
// under their country), where the shop collects, the rates, and whether prices include tax.

const FLAGS = [
  { key: 'collect', label: 'Collect' },
  { key: 'taxShipping', label: 'Tax shipping' },
  { key: 'pricesIncludeTax', label: 'Prices include tax' },
] as const;

function OriginCountryForm() {
  const settings = usePricingSettings();
  const save = useSavePricingSettings();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = typed ?? settings.data?.originCountry ?? '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = PricingSettingsBodySchema.safeParse({ originCountry: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const saved = await save.mutateAsync(parsed.data);
      setTyped(null);
      toast.success(`Orders with a one-line address are priced in ${saved.originCountry}`);
    } catch (failure) {
      setError(isApiError(failure) ? failure.fields?.originCountry : undefined);
      toast.error(getErrorMessage(failure));
    }
  };

  return (
    <form
      noValidate
      aria-label="Pricing settings"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-4"
    >
      <div className="w-64">
        <TextField
          label="Origin country"
          hint="Where an order with a one-line address is priced (two-letter code)."
          value={value}
          maxLength={2}
          onChange={(event) => setTyped(event.target.value)}
          error={error}
        />
      </div>
      <SubmitButton pending={save.isPending}>Save origin country</SubmitButton>
    </form>
  );
}

function TaxRow({ row }: { row: TaxRegion }) {
  const update = useUpdateTaxRegion();
  const [rates, setRates] = useState({
    standardRate: String(row.standardRate),
    reducedRate: String(row.reducedRate),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const isRegion = row.region !== '';
  const context = `, ${row.name} (${row.code})`;

  const send = async (patch: TaxRegionPatch, done: string) => {
    const parsed = TaxRegionPatchSchema.safeParse(patch);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync({ code: row.code, patch: parsed.data });
      if (patch.standardRate !== undefined || patch.reducedRate !== undefined)
        setRates({
          standardRate: String(saved.standardRate),
          reducedRate: String(saved.reducedRate),
        });
      toast.success(done);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors({ ...error.fields });
      toast.error(getErrorMessage(error));
    }
  };
  const changed =
    rates.standardRate !== String(row.standardRate) ||
    rates.reducedRate !== String(row.reducedRate);

  return (
    <tr className={isRegion ? '' : 'bg-base-200'}>
      <th scope="row" className={isRegion ? 'pl-8 font-normal' : ''}>
        {row.name} <span className="text-stone-600">({row.code})</span>
      </th>
      {(['standardRate', 'reducedRate'] as const).map((key) => (
        <td key={key}>
          <label className="flex flex-col gap-1 text-xs">
            <span>
              {key === 'standardRate' ? 'Standard (%)' : 'Reduced (%)'}
              <span className="sr-only">{context}</span>
            </span>
            <input
              type="number"
              min={0}
              max={100}
              step="any"
              inputMode="decimal"
              className={`input input-sm w-24 ${errors[key] ? 'input-error' : ''}`}
              value={rates[key]}
              aria-invalid={Boolean(errors[key])}
              onChange={(event) =>
                setRates((current) => ({ ...current, [key]: event.target.value }))
              }
            />
            {errors[key] && <span className="font-medium text-error">{errors[key]}</span>}
          </label>
        </td>
      ))}
      {FLAGS.map(({ key, label }) => (
        <td key={key}>
          <label className="flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={row[key]}
              onChange={(event) =>
                void send(
                  { [key]: event.target.checked },
                  `${label} ${event.target.checked ? 'on' : 'off'} for ${row.name}`,
                )
              }
            />
            <span>
              {label}
              <span className="sr-only">{context}</span>
            </span>
          </label>
        </td>
      ))}
      <td>
        <button
          type="button"
          className="btn btn-xs"
          disabled={!changed || update.isPending}
          onClick={() =>
            void send(
              {
                standardRate: numberOrNothing(rates.standardRate),
                reducedRate: numberOrNothing(rates.reducedRate),
              },
              `Rates of ${row.name} are saved`,
            )
          }
        >
          Save rates<span className="sr-only">{context}</span>
        </button>
      </td>
    </tr>
  );
}

/** Does a row match what is typed in the filter (its code, its name, or its country's)? */
function matches(row: TaxRegion, filter: string, countryNames: Map<string, string>): boolean {
  const wanted = filter.trim().toLowerCase();
  if (wanted === '') return true;
  return [row.code, row.name, countryNames.get(row.country) ?? ''].some((text) =>
    text.toLowerCase().includes(wanted),
  );
}

/** Taxes (staff): the built-in tax table by country, filtered; Collect per row; rates editable. */
export function TaxesPage() {
  const regions = useTaxRegions();
  const [filter, setFilter] = useState('');
  const [collectedOnly, setCollectedOnly] = useState(false);
  return (
    <section className="flex max-w-6xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Taxes</h1>
      <p>
        The built-in tax table: a US state is taxed only where you collect; EU and UK VAT is
        collected by default, with prices shown including VAT. Rates are data: keep them current (a
        rate changed here applies to the next checkout).
      </p>
      <OriginCountryForm />
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-72">
          <TextField
            label="Filter"
            hint="A country or state: name or code (DE, US-CA, Texas)"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 pb-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={collectedOnly}
            onChange={(event) => setCollectedOnly(event.target.checked)}
          />
          Only where tax is collected
        </label>
      </div>
      <QueryState
        query={regions}
        loading="Loading the tax table"
        failed="We couldn't load the tax table."
      >
        {(list) => {
          const countryNames = new Map(
            list.filter((row) => row.region === '').map((row) => [row.country, row.name]),
          );
          const shown = list.filter(
            (row) => matches(row, filter, countryNames) && (!collectedOnly || row.collect),
          );
          return shown.length === 0 ? (
            <p>No row matches the filter.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">Tax table</caption>
                <thead>
                  <tr>
                    <th scope="col">Country or region</th>
                    <th scope="col">Standard rate</th>
                    <th scope="col">Reduced rate</th>
                    <th scope="col">Collect</th>
                    <th scope="col">Shipping</th>
                    <th scope="col">Prices</th>
                    <th scope="col">Rates</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row) => (
                    <TaxRow key={row.code} row={row} />
                  ))}
                </tbody>
              </table>
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
