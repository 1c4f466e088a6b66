import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  PROMOTION_KIND_LABELS,
  PROMOTION_KINDS,
  PromotionBodySchema,
  TARGET_KIND_LABELS,
  TARGET_KINDS,
  type TargetKind,
} from '../../../../shared/promotions.ts';
import type { AdminPromotion } from '../../../../shared/promotions-admin.ts';
import { useCategories } from '../../../api/categories.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { usePromotionMutations } from '../api/promotions.ts';
import {
  BLANK_PROMOTION,
  bodyOf,
  browserTimeZone,
  splitList,
  valuesOf,
  type PromotionFormValues,
} from '../lib/promotion-form-values.ts';

// A promotion's form (issue 36): its kind and amount, what it applies to (and, for buy X get Y,
// what must be bought), conditions, dates, limits, stacking and code.

type FieldErrors = Record<string, string>;

/** The first message about a field or anything under it ("target", "target.ids.2"). */
const errorOf = (errors: FieldErrors, ...names: string[]) =>
  Object.entries(errors).find(([path]) =>
    names.some((name) => path === name || path.startsWith(`${name}.`)),
  )?.[1];

const TARGET_HINTS: Record<TargetKind, string> = {
  all: '',
  categories: 'Tick the categories.',
  products: 'Product ids, separated by commas.',
  variants: 'SKUs, separated by commas, e.g. DR-18V-KIT, DR-18V-BARE',
  platforms: 'Battery platforms, separated by commas, e.g. 18V, 12V',
};

/** Categories ticked by name (their ids go into the list of targets). */
function CategoryPicker({
  legend,
  selected,
  onChange,
  error,
}: {
  legend: string;
  selected: string;
  onChange: (ids: string) => void;
  error: string | undefined;
}) {
  const categories = useCategories();
  const ids = new Set(splitList(selected));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(ids);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next].join(', '));
  };
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-medium">{legend}</legend>
      {categories.isPending ? (
        <p role="status">Loading categories…</p>
      ) : categories.isError ? (
        <p className="text-error">We couldn&apos;t load the categories.</p>
      ) : categories.data.length === 0 ? (
        <p>No categories yet.</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {categories.data.map((category) => (
            <label key={category._id} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={ids.has(category._id)}
                onChange={(event) => toggle(category._id, event.target.checked)}
              />
              {category.name}
            </label>
          ))}
        </div>
      )}
      {error && <p className="text-sm font-medium text-error">{error}</p>}
    </fieldset>
  );
}

function Checkbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

interface PromotionFormProps {
  promotion?: AdminPromotion;
  onDone?: () => void;
}

/** Create a promotion, or change one (with `promotion`). */
export function PromotionForm({ promotion, onDone }: PromotionFormProps) {
  const { save } = usePromotionMutations();
  const [values, setValues] = useState<PromotionFormValues>(
    promotion ? valuesOf(promotion) : BLANK_PROMOTION,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const label = promotion ? `Edit ${promotion.name}` : 'New promotion';
  const zone = browserTimeZone();
  // Editing opens the form below the list: the focus (and the view) goes to its first field.
  const nameRef = useRef<HTMLInputElement>(null);
  const editingId = promotion?.id;
  useEffect(() => {
    if (editingId !== undefined) nameRef.current?.focus();
  }, [editingId]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = PromotionBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      toast.error('Please correct the highlighted fields');
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: promotion?.id, body });
      toast.success(`Promotion ${saved.name} is saved`);
      if (!promotion) setValues(BLANK_PROMOTION);
      onDone?.();
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors({ ...error.fields });
      toast.error(getErrorMessage(error));
    }
  };

  const set =
    <K extends keyof PromotionFormValues>(key: K) =>
    (value: PromotionFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof PromotionFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  /** A whole number of at least 1 (a quantity or a limit). */
  const countField = (
    key: 'getQuantity' | 'buyQuantity' | 'minQuantity' | 'usageLimit' | 'perCustomerLimit',
    label: string,
    hint: string | undefined,
    error: string | undefined,
  ) => (
    <TextField
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      value={values[key]}
      onChange={text(key)}
      error={error}
    />
  );

  const kind = values.kind;
  const isBuyXGetY = kind === 'buy_x_get_y';
  const targetsLabel = isBuyXGetY ? 'Get: targets' : 'Targets';

  const targetIdsField = (which: 'target' | 'buy') => {
    const targetKind = which === 'target' ? values.targetKind : values.buyKind;
    const key = which === 'target' ? 'targetIds' : 'buyIds';
    const fieldLabel = which === 'target' ? targetsLabel : 'Buy: targets';
    if (targetKind === 'all') return null;
    if (targetKind === 'categories')
      return (
        <CategoryPicker
          legend={fieldLabel}
          selected={values[key]}
          onChange={set(key)}
          error={errorOf(errors, which === 'target' ? 'target' : 'buy.target')}
        />
      );
    return (
      <TextField
        label={fieldLabel}
        hint={TARGET_HINTS[targetKind]}
        value={values[key]}
        onChange={text(key)}
        error={errorOf(errors, which === 'target' ? 'target' : 'buy.target')}
      />
    );
  };

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
          ref={nameRef}
          label="Name"
          value={values.name}
          onChange={text('name')}
          error={errors.name}
        />
        <TextField
          label="Description"
          value={values.description}
          onChange={text('description')}
          error={errors.description}
        />
        <FormField label="Kind" error={errors.kind}>
          {(control) => (
            <select
              {...control}
              className="select w-full"
              value={kind}
              onChange={(event) => set('kind')(event.target.value as PromotionFormValues['kind'])}
            >
              {PROMOTION_KINDS.map((option) => (
                <option key={option} value={option}>
                  {PROMOTION_KIND_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {(kind === 'percent_off' || isBuyXGetY) && (
          <TextField
            label="Percent off"
            hint={isBuyXGetY ? 'Off each item got; leave empty (or 100) for free.' : undefined}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            value={values.percentOff}
            onChange={text('percentOff')}
            error={errors.percentOff}
          />
        )}
        {(kind === 'amount_off' || kind === 'spend_threshold') && (
          <TextField
            label="Amount off ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={values.amountOff}
            onChange={text('amountOff')}
            error={errors.amountOff}
          />
        )}
      </div>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">
          {isBuyXGetY ? 'What the buyer gets' : 'What it applies to'}
        </legend>
        <FormField label="Applies to" error={errors['target.kind']}>
          {(control) => (
            <select
              {...control}
              className="select w-full"
              value={values.targetKind}
              onChange={(event) => set('targetKind')(event.target.value as TargetKind)}
            >
              {TARGET_KINDS.map((option) => (
                <option key={option} value={option}>
                  {TARGET_KIND_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {targetIdsField('target')}
        {isBuyXGetY &&
          countField(
            'getQuantity',
            'Get quantity',
            'How many items are discounted each time.',
            errors.getQuantity,
          )}
      </fieldset>

      {isBuyXGetY && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">What must be bought</legend>
          <FormField label="Buy" error={errorOf(errors, 'buy.target.kind') ?? errors.buy}>
            {(control) => (
              <select
                {...control}
                className="select w-full"
                value={values.buyKind}
                onChange={(event) => set('buyKind')(event.target.value as TargetKind)}
              >
                {TARGET_KINDS.map((option) => (
                  <option key={option} value={option}>
                    {TARGET_KIND_LABELS[option]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {targetIdsField('buy')}
          {countField('buyQuantity', 'Buy quantity', undefined, errors['buy.quantity'])}
        </fieldset>
      )}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Conditions</legend>
        <TextField
          label="Minimum subtotal ($)"
          hint={
            kind === 'spend_threshold'
              ? 'The threshold: eligible items must cost at least this.'
              : 'Optional: of the eligible items, before discounts.'
          }
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={values.minSubtotal}
          onChange={text('minSubtotal')}
          error={errors.minSubtotal}
        />
        {countField(
          'minQuantity',
          'Minimum quantity',
          'Optional: of the eligible items.',
          errors.minQuantity,
        )}
        <TextField
          label="Starts"
          hint={`Optional; in your time zone (${zone}).`}
          type="datetime-local"
          value={values.startsAt}
          onChange={text('startsAt')}
          error={errors.startsAt}
        />
        <TextField
          label="Ends"
          hint={`Optional; in your time zone (${zone}).`}
          type="datetime-local"
          value={values.endsAt}
          onChange={text('endsAt')}
          error={errors.endsAt}
        />
        <Checkbox checked={values.firstOrderOnly} onChange={set('firstOrderOnly')}>
          First order only
        </Checkbox>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Limits and stacking</legend>
        {countField('usageLimit', 'Total uses', 'Optional: checkouts in all.', errors.usageLimit)}
        {countField('perCustomerLimit', 'Uses per customer', 'Optional.', errors.perCustomerLimit)}
        <TextField
          label="Priority"
          hint="Higher is considered first."
          type="number"
          inputMode="numeric"
          step={1}
          value={values.priority}
          onChange={text('priority')}
          error={errors.priority}
        />
        <Checkbox checked={values.exclusive} onChange={set('exclusive')}>
          Exclusive (applies alone, never combined)
        </Checkbox>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">Code</legend>
        <FormField label="Code mode" error={errors.codeMode}>
          {(control) => (
            <select
              {...control}
              className="select w-full"
              value={values.codeMode}
              onChange={(event) =>
                set('codeMode')(event.target.value as PromotionFormValues['codeMode'])
              }
            >
              <option value="automatic">Automatic (no code needed)</option>
              <option value="code">With a code</option>
            </select>
          )}
        </FormField>
        {values.codeMode === 'code' && (
          <TextField
            label="Code"
            hint="The shared code buyers type (any case). Optional if you generate single-use codes."
            autoCapitalize="characters"
            value={values.code}
            onChange={text('code')}
            error={errors.code}
          />
        )}
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={save.isPending}>
          {promotion ? 'Save promotion' : 'Create promotion'}
        </SubmitButton>
        {onDone && promotion && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
