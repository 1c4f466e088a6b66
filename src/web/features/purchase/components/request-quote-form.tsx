import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Product } from '../../../../shared/product.ts';
import {
  QUOTE_BELOW_MINIMUM_MESSAGE,
  QUOTE_REQUESTED_MESSAGE,
  QuoteRequestBodySchema,
} from '../../../../shared/quote.ts';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { submitForm } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/order-quantity.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import { useRequestQuote } from '../api/request-quote.ts';

const FIELD_NAMES = ['quantity', 'targetPrice', 'message'] as const;

interface QuoteFormValues {
  quantity: string;
  targetPrice: string;
  message: string;
}

/**
 * Request a quote (issue 23): a quantity (at least the minimum, may exceed the stock), an optional
 * target unit price and a message. Opened from a button so the purchase form stays in front.
 */
export function RequestQuoteForm({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const request = useRequestQuote();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<QuoteFormValues>({
    mode: 'onChange',
    defaultValues: { quantity: String(product.minQuantity), targetPrice: '', message: '' },
  });

  const onSubmit = handleSubmit((values) =>
    submitForm(
      () =>
        request.mutateAsync({
          productId: product._id,
          quantity: values.quantity,
          targetPrice: values.targetPrice,
          message: values.message,
        }),
      {
        successMessage: QUOTE_REQUESTED_MESSAGE,
        reset: () => {
          reset();
          setOpen(false);
        },
        setError,
        fieldNames: FIELD_NAMES,
      },
    ),
  );

  if (!open)
    return (
      <button type="button" className="btn btn-outline self-start" onClick={() => setOpen(true)}>
        Request a quote
      </button>
    );
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={headingId} className="text-xl font-bold">
        Request a quote
      </h2>
      <p className="text-sm">
        Ordering in bulk or need a special price? Tell us how many; we answer from your dashboard
        (My Quotes).
      </p>
      <form
        noValidate
        onSubmit={formSubmitHandler(onSubmit)}
        aria-labelledby={headingId}
        className="flex flex-col gap-4"
      >
        <TextField
          label="Quantity"
          error={errors.quantity?.message}
          {...register('quantity', {
            validate: (text) =>
              Number(text) < product.minQuantity
                ? QUOTE_BELOW_MINIMUM_MESSAGE
                : schemaRule(QuoteRequestBodySchema.shape.quantity)(text),
          })}
          type="number"
          inputMode="numeric"
          min={product.minQuantity}
          step={1}
          required
        />
        <TextField
          label="Target unit price (optional)"
          error={errors.targetPrice?.message}
          {...register('targetPrice', {
            validate: schemaRule(QuoteRequestBodySchema.shape.targetPrice),
          })}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
        />
        <FormField label="Message" error={errors.message?.message}>
          {(control) => (
            <textarea
              {...control}
              {...register('message', {
                validate: schemaRule(QuoteRequestBodySchema.shape.message),
              })}
              rows={3}
              className="textarea w-full"
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            {request.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            Send request
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
