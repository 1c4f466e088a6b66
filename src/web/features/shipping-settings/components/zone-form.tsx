import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ShippingZoneBodySchema, type ShippingZone } from '../../../../shared/shipping-settings.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useShippingMutations } from '../api/shipping-settings.ts';
import {
  fieldErrorsOf,
  numberOrNothing,
  splitCodes,
  type FieldErrors,
} from '../lib/field-errors.ts';

/** The first message about a list field or any of its items ("countries", "countries.2"). */
const listError = (errors: FieldErrors, name: string) =>
  Object.entries(errors).find(([path]) => path === name || path.startsWith(`${name}.`))?.[1];

/** Add a zone, or change one (with `zone`). */
export function ZoneForm({ zone, onDone }: { zone?: ShippingZone; onDone?: () => void }) {
  const { saveZone } = useShippingMutations();
  const blank = { name: '', countries: '', regions: '', position: '0' };
  const [values, setValues] = useState(
    zone
      ? {
          name: zone.name,
          countries: zone.countries.join(', '),
          regions: zone.regions.join(', '),
          position: String(zone.position),
        }
      : blank,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const label = zone ? `Edit zone ${zone.name}` : 'Add a shipping zone';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ShippingZoneBodySchema.safeParse({
      name: values.name,
      countries: splitCodes(values.countries),
      regions: splitCodes(values.regions),
      position: numberOrNothing(values.position),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      const saved = await saveZone.mutateAsync({ id: zone?._id, body: parsed.data });
      toast.success(`Zone ${saved.name} is saved`);
      if (!zone) setValues(blank);
      onDone?.();
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors({ ...error.fields });
      toast.error(getErrorMessage(error));
    }
  };

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 className="text-xl font-semibold">{label}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Zone name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          label="Position"
          hint="Zones are listed (and tied) in this order."
          type="number"
          min={0}
          step={1}
          value={values.position}
          onChange={set('position')}
          error={errors.position}
        />
        <TextField
          label="Countries"
          hint="Two-letter codes, separated by commas: US, CA"
          value={values.countries}
          onChange={set('countries')}
          error={listError(errors, 'countries')}
        />
        <TextField
          label="Regions"
          hint="Optional: only these regions of the countries, e.g. US-AK, US-HI"
          value={values.regions}
          onChange={set('regions')}
          error={listError(errors, 'regions')}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={saveZone.isPending}>{zone ? 'Save zone' : 'Add zone'}</SubmitButton>
        {onDone && zone && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
