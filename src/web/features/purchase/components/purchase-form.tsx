import { useEffect, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../../shared/money.ts';
import { breakAppliedText, breakFor, unitPriceFor } from '../../../../shared/price-breaks.ts';
import type { Product } from '../../../../shared/product.ts';
import { PURCHASE_CONFIRMED_MESSAGE, PurchaseBodySchema } from '../../../../shared/purchase.ts';
import { SavedAddressSelect } from '../../../components/saved-address-select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { AccountUser } from '../../../lib/auth/session.ts';
import { submitForm } from '../../../lib/form-errors.ts';
import { useCreatePurchase } from '../api/create-purchase.ts';
import { orderQuantityMessage, schemaRule } from '../../../lib/order-quantity.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import { variantDisplayName } from '../../../../shared/variant.ts';

const FIELD_NAMES = ['orderQuantity', 'address', 'phone'] as const;

interface PurchaseFormValues {
  address: string;
  phone: string;
  /** The number input's text: empty is "required", not zero. */
  orderQuantity: string;
}

/** The quantity typed, or 0 while it is no positive number. */
function quantityOf(quantityText: string): number {
  const quantity = Number(quantityText);
  if (quantityText.trim() === '' || !Number.isFinite(quantity) || quantity <= 0) return 0;
  return quantity;
}

/**
 * Unit price (its volume price break's, if one applies) × quantity, for display only: the server
 * computes the order's real total.
 */
function totalFor(product: Product, quantity: number): number {
  return centsToDollars(Math.round(dollarsToCents(unitPriceFor(product, quantity)) * quantity));
}

/**
 * What the quantity field holds: a line to put in the basket (the chosen variant's SKU with it), or
 * null while it is invalid.
 */
export type BasketLineDraft = { productId: string; sku?: string; quantity: number } | null;

/** The variant chosen on the page of a product of several: its SKU and label, and if the default. */
export interface ChosenVariant {
  sku: string;
  label: string;
  isDefault: boolean;
}

interface PurchaseFormProps {
  /** The product as the chosen variant sells it (issue 34: its SKU, price, minimum, stock). */
  product: Product;
  /** The chosen variant of a product of several (none: a product of one, as before issue 34). */
  variant?: ChosenVariant | undefined;
  user: AccountUser;
  /** A control beside Purchase that takes the same quantity (Add to basket, composed by the route). */
  basketAction?: ((line: BasketLineDraft) => ReactNode) | undefined;
}

/**
 * The spec's purchase form. The quantity is checked as it is typed (its message shows and Purchase
 * waits until it is valid); name and e-mail are the signed-in user's and the server takes them
 * from the session.
 */
export function PurchaseForm({ product, variant, user, basketAction }: PurchaseFormProps) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    resetField,
    getFieldState,
    formState: { errors },
  } = useForm<PurchaseFormValues>({
    // Spec section 5: the quantity's message appears and clears as the customer types.
    mode: 'onChange',
    defaultValues: { address: '', phone: '', orderQuantity: String(product.minQuantity) },
  });
  const purchase = useCreatePurchase();
  // Another variant chosen: a quantity the customer has not typed starts at its minimum.
  useEffect(() => {
    if (!getFieldState('orderQuantity').isDirty)
      resetField('orderQuantity', { defaultValue: String(product.minQuantity) });
  }, [product.sku, product.minQuantity, getFieldState, resetField]);
  const quantityText = useWatch({ control, name: 'orderQuantity' });
  const quantityProblem = orderQuantityMessage(quantityText, product);
  const quantity = quantityOf(quantityText);
  const applied = breakFor(product.priceBreaks, quantity);
  // The live check, or what the server said about the last order sent.
  const quantityError = quantityProblem ?? errors.orderQuantity?.message;

  const onSubmit = handleSubmit((values) =>
    submitForm(
      () =>
        purchase.mutateAsync({
          productId: product._id,
          ...(variant && { sku: variant.sku }),
          orderQuantity: Number(values.orderQuantity),
          address: values.address,
          phone: values.phone,
        }),
      {
        successMessage: PURCHASE_CONFIRMED_MESSAGE,
        // Ready for the next order: the quantity back at the minimum, the address kept.
        reset: () => resetField('orderQuantity', { defaultValue: String(product.minQuantity) }),
        setError,
        fieldNames: FIELD_NAMES,
      },
    ),
  );

  return (
    <form
      noValidate
      onSubmit={formSubmitHandler(onSubmit)}
      aria-label={`Purchase ${variantDisplayName(product.name, variant?.label ?? '')}`}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" type="text" value={user.name} readOnly className="bg-base-200" />
        <TextField label="Email" type="email" value={user.email} readOnly className="bg-base-200" />
      </div>
      <SavedAddressSelect
        onPick={({ address, phone }) => {
          setValue('address', address, { shouldValidate: true });
          setValue('phone', phone, { shouldValidate: true });
        }}
      />
      <TextField
        label="Address"
        error={errors.address?.message}
        {...register('address', { validate: schemaRule(PurchaseBodySchema.shape.address) })}
        type="text"
        autoComplete="street-address"
      />
      <TextField
        label="Phone"
        error={errors.phone?.message}
        {...register('phone', { validate: schemaRule(PurchaseBodySchema.shape.phone) })}
        type="tel"
        autoComplete="tel"
      />
      <TextField
        label="Order Quantity"
        error={quantityError}
        {...register('orderQuantity', {
          validate: (text) => orderQuantityMessage(text, product) ?? true,
        })}
        type="number"
        inputMode="numeric"
        min={product.minQuantity}
        max={product.availableQuantity}
        step={1}
        required
      />
      <div aria-live="polite">
        {applied && (
          <p className="text-success">
            {breakAppliedText(applied)}: ${formatDollars(applied.price)} each
          </p>
        )}
        <p className="text-xl font-semibold">
          Total Price: ${formatDollars(totalFor(product, quantity))}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={quantityProblem !== undefined || purchase.isPending}
        >
          {purchase.isPending && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Purchase
        </button>
        {basketAction?.(
          quantityProblem === undefined
            ? {
                productId: product._id,
                ...(variant && { sku: variant.sku }),
                quantity: Number(quantityText),
              }
            : null,
        )}
      </div>
    </form>
  );
}
