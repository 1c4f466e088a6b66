import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { QuoteAcceptBodySchema, quoteActions, type Quote } from '../../../../shared/quote.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { submitForm } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/order-quantity.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import { useAcceptQuote, useQuotes, useWithdrawQuote } from '../api/quotes.ts';
import { QuoteSummary } from './quote-summary.tsx';

export const QUOTE_ACCEPTED_MESSAGE = 'Quote accepted: your order is placed';
export const QUOTE_WITHDRAWN_MESSAGE = 'Request withdrawn';

/** Accept a quote: where the order goes; then the payment page of the order it placed. */
function AcceptQuoteForm({ quote }: { quote: Quote }) {
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ defaultValues: { address: '', phone: '' } });
  const onSubmit = handleSubmit((values) =>
    submitForm(
      async () => {
        const accepted = await accept.mutateAsync({ id: quote._id, body: values });
        await navigate(pageRoutes.payment.href({ id: accepted.orderId }));
      },
      { successMessage: QUOTE_ACCEPTED_MESSAGE, setError, fieldNames: ['address', 'phone'] },
    ),
  );
  return (
    <form
      noValidate
      onSubmit={formSubmitHandler(onSubmit)}
      aria-label={`Accept ${quote.reference}`}
      className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
    >
      <TextField
        label="Address"
        error={errors.address?.message}
        {...register('address', { validate: schemaRule(QuoteAcceptBodySchema.shape.address) })}
        autoComplete="street-address"
      />
      <TextField
        label="Phone"
        error={errors.phone?.message}
        {...register('phone', { validate: schemaRule(QuoteAcceptBodySchema.shape.phone) })}
        type="tel"
        autoComplete="tel"
      />
      <button type="submit" className="btn btn-primary" disabled={accept.isPending}>
        {accept.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Accept and pay
      </button>
    </form>
  );
}

function WithdrawButton({ quote }: { quote: Quote }) {
  const [asking, setAsking] = useState(false);
  const withdraw = useWithdrawQuote();
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline self-start"
        onClick={() => setAsking(true)}
      >
        Withdraw
      </button>
      {asking && (
        <ConfirmDialog
          title={`Withdraw your request ${quote.reference}?`}
          body="The shop will no longer answer it."
          confirmLabel="Withdraw"
          busy={withdraw.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            withdraw.mutate(
              { id: quote._id },
              {
                onSuccess: () => toast.success(QUOTE_WITHDRAWN_MESSAGE),
                onError: (error) => toast.error(error.message),
                onSettled: () => setAsking(false),
              },
            )
          }
        />
      )}
    </>
  );
}

/** Dashboard → My Quotes: the customer's requests for a quote, accepted into an order here. */
export function MyQuotesPage() {
  const quotes = useQuotes();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">My Quotes</h1>
      <QueryState
        query={quotes}
        loading="Loading your quotes"
        failed="We couldn't load your quotes."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No quotes yet. Ask for one with Request a quote on a product&apos;s page.</p>
          ) : (
            <div className="flex flex-col gap-4">
              {list.map((quote) => {
                const can = quoteActions(quote);
                return (
                  <QuoteSummary key={quote._id} quote={quote}>
                    {can.canAccept && <AcceptQuoteForm quote={quote} />}
                    {can.canWithdraw && <WithdrawButton quote={quote} />}
                  </QuoteSummary>
                );
              })}
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
