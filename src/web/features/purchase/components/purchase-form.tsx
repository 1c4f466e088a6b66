import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../../shared/money.ts';
import { breakAppliedText, breakFor, unitPriceFor } from '../../../../shared/price-breaks.ts';
import type { Product } from '../../../../shared/product.ts';
import { PURCHASE_CONFIRMED_MESSAGE, PurchaseBodySchema } from '../../../../shared/purchase.ts';
import { addressFieldErrors, type AddressFieldErrors } from '../../../../shared/address-rules.ts';
import type { PostalAddress, PostalAddressBody } from '../../../../shared/postal-address.ts';
import { PRICES_CHANGED_MESSAGE, type QuoteBody } from '../../../../shared/pricing.ts';
import { useCheckoutQuote, useQuoteFor } from '../../../api/checkout-quote.ts';
import {
  applyCode,
  codeConflict,
  codeRefusal,
  removedCodeMessage,
  sameCode,
  useDropRefusedCodes,
  type CodesProbe,
} from '../../../api/promotion-codes.ts';
import {
  addressErrorsFrom,
  AddressForm,
  emptyAddress,
  type AddressField,
} from '../../../components/address-form.tsx';
import { PromotionCodeField } from '../../../components/promotion-code-field.tsx';
import { QuoteTotals } from '../../../components/quote-totals.tsx';
import { SavedAddressSelect } from '../../../components/saved-address-select.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { TextField } from '../../../components/text-field.tsx';
import type { AccountUser } from '../../../lib/auth/session.ts';
import { submitForm } from '../../../lib/form-errors.ts';
import { useCreatePurchase } from '../api/create-purchase.ts';
import { orderQuantityMessage, schemaRule } from '../../../lib/order-quantity.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import { variantDisplayName } from '../../../../shared/variant.ts';

const FIELD_NAMES = ['orderQuantity', 'address', 'phone'] as const;

/** The fields issue 35 adds to the spec's form (its Address is line 1, its Phone the phone). */
const PLACE_FIELDS: readonly AddressField[] = ['city', 'region', 'postalCode', 'country'];
/** Said when no quote could be had (the order is priced by the server when it is placed). */
const SHIPPING_AT_ORDER_MESSAGE = 'Shipping and tax are added when the order is placed.';
/** The shop's origin: a one-line address is priced there. */
const ORIGIN_COUNTRY = 'US';

type PlaceFields = Pick<PostalAddress, 'city' | 'region' | 'postalCode' | 'country'>;
const noPlace = (): PlaceFields => {
  const { city, region, postalCode, country } = emptyAddress(ORIGIN_COUNTRY);
  return { city, region, postalCode, country };
};

/**
 * Structured once any of the added fields is given (a country other than the origin's counts);
 * otherwise the spec's one line, priced at the shop's origin.
 */
const isStructured = (place: PlaceFields) =>
  place.city !== '' ||
  place.region !== '' ||
  place.postalCode !== '' ||
  place.country !== ORIGIN_COUNTRY;

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
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<PlaceFields>(noPlace);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressFieldErrors>({});
  // Issue 36: the promotion codes applied to this purchase, and what is said of them.
  const [codes, setCodes] = useState<readonly string[]>([]);
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
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

  const [addressText, phoneText] = useWatch({ control, name: ['address', 'phone'] });
  const structured = isStructured(place);
  const postal: PostalAddress = {
    ...emptyAddress(),
    ...place,
    name: user.name,
    line1: addressText.trim(),
    phone: phoneText.trim(),
  };
  const postalErrors = structured ? addressFieldErrors(postal) : {};
  const line: QuoteBody['line'] = {
    productId: product._id,
    ...(variant && { sku: variant.sku }),
    quantity,
  };
  /** Where to deliver, as the quote and the purchase send it (undefined: the shop's origin). */
  const delivery = (): string | PostalAddressBody | undefined =>
    structured ? postal : addressText.trim() || undefined;
  const deliveryNow = delivery();
  /** The quote's body for this line, address and codes (none: no `codes` sent). */
  const bodyFor = (given: readonly string[], address = deliveryNow, ofLine = line): QuoteBody => ({
    line: ofLine,
    ...(address !== undefined && { address }),
    ...(given.length > 0 && { codes: [...given] }),
  });
  const quoteBody: QuoteBody | null =
    quantityProblem === undefined && Object.keys(postalErrors).length === 0 ? bodyFor(codes) : null;
  const quoted = useCheckoutQuote(quoteBody);
  const quoteFor = useQuoteFor();
  const probe: CodesProbe = (given) => quoteFor(bodyFor(given));
  const removeCode = (code: string) =>
    setCodes((current) => current.filter((applied) => !sameCode(applied, code)));
  useDropRefusedCodes({
    codes,
    quoteError: quoteBody ? quoted.error : null,
    probe,
    onRemoved: (code, message) => {
      removeCode(code);
      setCodeMessage(removedCodeMessage(code, message));
    },
  });

  /** The quote of exactly what is sent, or none when it cannot be had (the server prices then). */
  const currentQuoteId = async (body: QuoteBody): Promise<string | undefined> => {
    try {
      return (await quoteFor(body)).quoteId;
    } catch (error) {
      // Tax cannot be computed: nothing can be ordered, and the customer is told so. A code the
      // quote refuses: the order is not placed without its discount.
      if (isApiError(error) && error.status === 503) throw error;
      if (codeRefusal(error) !== null) throw error;
      return undefined;
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors({});
    if (Object.keys(postalErrors).length > 0) {
      // The structured address is not complete: say what is missing, send nothing.
      setShowAllErrors(true);
      if (postalErrors.line1) setError('address', { type: 'rules', message: postalErrors.line1 });
      return;
    }
    const address = delivery();
    await submitForm(
      async () => {
        const quoteId = await currentQuoteId(
          bodyFor(codes, address, { ...line, quantity: Number(values.orderQuantity) }),
        );
        try {
          return await purchase.mutateAsync({
            productId: product._id,
            ...(variant && { sku: variant.sku }),
            orderQuantity: Number(values.orderQuantity),
            address: values.address,
            phone: values.phone,
            // A structured address: the rest of it beside the spec's Address (its first line).
            ...(structured && {
              country: postal.country,
              region: postal.region,
              city: postal.city,
              postalCode: postal.postalCode,
            }),
            ...(quoteId && { quoteId }),
            ...(codes.length > 0 && { codes: [...codes] }),
          });
        } catch (error) {
          setServerErrors(addressErrorsFrom(error));
          // A code's limit was reached meanwhile: said by the code field too; the new quote
          // refuses that code and it is taken off.
          const conflict = codeConflict(error);
          if (conflict !== null) setCodeMessage(conflict);
          // The prices shown no longer hold: the new ones are shown with the message.
          if (conflict !== null || (isApiError(error) && error.message === PRICES_CHANGED_MESSAGE))
            await queryClient.invalidateQueries({ queryKey: queryKeys.checkoutQuotes });
          throw error;
        }
      },
      {
        successMessage: PURCHASE_CONFIRMED_MESSAGE,
        // Ready for the next order: the quantity back at the minimum, the address kept, the
        // codes (used by this order) forgotten.
        reset: () => {
          resetField('orderQuantity', { defaultValue: String(product.minQuantity) });
          setCodes([]);
          setCodeMessage(null);
        },
        setError,
        fieldNames: FIELD_NAMES,
      },
    );
  });

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
        onPick={(saved) => {
          setServerErrors({});
          setValue('address', saved.postal?.line1 ?? saved.address, { shouldValidate: true });
          setValue('phone', saved.phone, { shouldValidate: true });
          const { city, region, postalCode, country } = saved.postal ?? noPlace();
          setPlace({ city, region, postalCode, country });
        }}
      />
      <TextField
        label="Address"
        error={errors.address?.message}
        {...register('address', { validate: schemaRule(PurchaseBodySchema.shape.address) })}
        type="text"
        autoComplete={structured ? 'address-line1' : 'street-address'}
      />
      <AddressForm
        value={postal}
        onChange={({ city, region, postalCode, country }) =>
          setPlace({ city, region, postalCode, country })
        }
        fields={PLACE_FIELDS}
        checked={structured}
        showAllErrors={showAllErrors}
        serverErrors={serverErrors}
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
      <PromotionCodeField
        codes={codes}
        // Until the refused code is found and taken off, the quote's refusal says why.
        message={codeMessage ?? (quoteBody ? codeRefusal(quoted.error) : null)}
        onApply={(code) => {
          setCodeMessage(null);
          return applyCode(codes, code, probe, setCodes);
        }}
        onRemove={(code) => {
          setCodeMessage(null);
          removeCode(code);
        }}
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
        {quoteBody && quoted.data && (
          <QuoteTotals quote={quoted.data} stale={quoted.isPlaceholderData || quoted.isFetching} />
        )}
        {quoteBody && quoted.isError && codeRefusal(quoted.error) === null && (
          <p className="text-sm">
            {isApiError(quoted.error) && quoted.error.status === 503
              ? quoted.error.message
              : SHIPPING_AT_ORDER_MESSAGE}
          </p>
        )}
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
