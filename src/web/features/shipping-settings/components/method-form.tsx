import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  METHOD_RATES_MAX,
  ShippingMethodBodySchema,
  type ShippingMethod,
} from '../../../../shared/shipping-settings.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useShippingMutations } from '../api/shipping-settings.ts';
import { fieldErrorsOf, numberOrNothing, type FieldErrors } from '../lib/field-errors.ts';

// A shipping method's form (issue 35): its name, delivery time, rate bands (by weight and/or
// order value, the first that fits gives the price), free-shipping threshold, collect and active.

const BAND_FIELDS = [
  { key: 'minWeightGrams', label: 'Min weight (g)', whole: true },
  { key: 'maxWeightGrams', label: 'Max weight (g)', whole: true },
  { key: 'minValue', label: 'Min order value ($)', whole: false },
  { key: 'maxValue', label: 'Max order value ($)', whole: false },
  { key: 'price', label: 'Price ($)', whole: false },
] as const;
type BandKey = (typeof BAND_FIELDS)[number]['key'];
type Band = Record<BandKey, string>;

const text = (value: number | null) => (value === null ? '' : String(value));
const emptyBand: Band = {
  minWeightGrams: '',
  maxWeightGrams: '',
  minValue: '',
  maxValue: '',
  price: '',
};

interface MethodFormProps {
  zoneId: string;
  zoneName: string;
  method?: ShippingMethod;
  onDone: () => void;
}

/** Add a method to a zone, or change one (with `method`). */
export function MethodForm({ zoneId, zoneName, method, onDone }: MethodFormProps) {
  const { saveMethod } = useShippingMutations();
  const [values, setValues] = useState({
    name: method?.name ?? '',
    deliveryText: method?.deliveryText ?? '',
    freeOver: text(method?.freeOver ?? null),
    position: String(method?.position ?? 0),
    collect: method?.collect ?? false,
    active: method?.active ?? true,
  });
  const [bands, setBands] = useState<Band[]>(
    method?.rates.map((rate) => ({
      minWeightGrams: text(rate.minWeightGrams),
      maxWeightGrams: text(rate.maxWeightGrams),
      minValue: text(rate.minValue),
      maxValue: text(rate.maxValue),
      price: String(rate.price),
    })) ?? [emptyBand],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const label = method ? `Edit ${method.name} (${zoneName})` : `Add a method to ${zoneName}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ShippingMethodBodySchema.safeParse({
      name: values.name,
      deliveryText: values.deliveryText,
      freeOver: numberOrNothing(values.freeOver) ?? null,
      position: numberOrNothing(values.position),
      collect: values.collect,
      active: values.active,
      rates: bands.map((band) =>
        Object.fromEntries(
          BAND_FIELDS.flatMap(({ key }) => {
            const value = numberOrNothing(band[key]);
            return value === undefined ? [] : [[key, value]];
          }),
        ),
      ),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      const saved = await saveMethod.mutateAsync({ zoneId, id: method?._id, body: parsed.data });
      toast.success(`Method ${saved.name} is saved`);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors({ ...error.fields });
      toast.error(getErrorMessage(error));
    }
  };

  const set =
    (key: 'name' | 'deliveryText' | 'freeOver' | 'position') =>
    (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value }));
  const setBand = (index: number, key: BandKey, value: string) =>
    setBands((current) =>
      current.map((band, i) => (i === index ? { ...band, [key]: value } : band)),
    );

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 className="text-lg font-semibold">{label}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Method name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          label="Delivery time"
          hint="What the checkout says, e.g. 3–5 business days"
          value={values.deliveryText}
          onChange={set('deliveryText')}
          error={errors.deliveryText}
        />
        <TextField
          label="Free over ($)"
          hint="Free from this order value (before tax) on; empty: never free"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          value={values.freeOver}
          onChange={set('freeOver')}
          error={errors.freeOver}
        />
        <TextField
          label="Position"
          hint="Methods are listed in this order."
          type="number"
          min={0}
          step={1}
          value={values.position}
          onChange={set('position')}
          error={errors.position}
        />
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={values.collect}
            onChange={(event) =>
              setValues((current) => ({ ...current, collect: event.target.checked }))
            }
          />
          Collected from the depot (nothing is shipped)
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={values.active}
            onChange={(event) =>
              setValues((current) => ({ ...current, active: event.target.checked }))
            }
          />
          Active (offered at the checkout)
        </label>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="font-medium">Rates</legend>
        <p className="text-sm text-stone-600">
          The first rate the order&apos;s weight and value fall in gives the price; an empty bound
          does not limit. An order no rate fits cannot use this method.
        </p>
        {errors.rates && <p className="text-sm font-medium text-error">{errors.rates}</p>}
        {bands.map((band, index) => (
          <div key={index} className="grid grid-cols-2 items-end gap-3 sm:grid-cols-6">
            {BAND_FIELDS.map(({ key, label: fieldLabel, whole }) => (
              <FormField
                key={key}
                label={fieldLabel}
                labelContext={`, rate ${index + 1}`}
                error={errors[`rates.${index}.${key}`]}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    min={0}
                    step={whole ? 1 : '0.01'}
                    inputMode={whole ? 'numeric' : 'decimal'}
                    value={band[key]}
                    onChange={(event) => setBand(index, key, event.target.value)}
                    className={`input w-full ${errors[`rates.${index}.${key}`] ? 'input-error' : ''}`}
                  />
                )}
              </FormField>
            ))}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={bands.length === 1}
              onClick={() => setBands((current) => current.filter((_, i) => i !== index))}
            >
              Remove rate {index + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-sm self-start"
          disabled={bands.length >= METHOD_RATES_MAX}
          onClick={() => setBands((current) => [...current, emptyBand])}
        >
          Add a rate
        </button>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={saveMethod.isPending}>
          {method ? 'Save method' : 'Add method'}
        </SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
