import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import {
  QUOTE_VALID_DAYS_MAX,
  QuoteAnswerBodySchema,
  QuoteDeclineBodySchema,
  quoteActions,
  type Quote,
} from '../../../../shared/quote.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { submitForm } from '../../../lib/form-errors.ts';
import { schemaRule } from '../../../lib/order-quantity.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import { useAnswerQuote, useDeclineQuote, useQuotes } from '../api/quotes.ts';
import { QuoteSummary } from './quote-summary.tsx';

export const QUOTE_SENT_MESSAGE = 'Quote sent to the customer';
export const QUOTE_DECLINED_MESSAGE = 'Request declined';

/** Answer a request: a unit price and how many days it holds (at most 30). */
function AnswerQuoteForm({ quote }: { quote: Quote }) {
  const answer = useAnswerQuote();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ defaultValues: { price: '', validDays: '14', note: '' } });
  const onSubmit = handleSubmit((values) =>
    submitForm(() => answer.mutateAsync({ id: quote._id, body: values }), {
      successMessage: QUOTE_SENT_MESSAGE,
      setError,
      fieldNames: ['price', 'validDays', 'note'],
    }),
  );
  const rule = (name: 'price' | 'validDays' | 'note') => ({
    validate: schemaRule(QuoteAnswerBodySchema.shape[name]),
  });
  return (
    <form
      noValidate
      onSubmit={formSubmitHandler(onSubmit)}
      aria-label={`Answer ${quote.reference}`}
      className="grid items-end gap-3 sm:grid-cols-2"
    >
      <TextField
        label="Unit price"
        error={errors.price?.message}
        {...register('price', rule('price'))}
        type="number"
        step="any"
        inputMode="decimal"
      />
      <TextField
        label="Valid for (days)"
        error={errors.validDays?.message}
        {...register('validDays', rule('validDays'))}
        type="number"
        min={1}
        max={QUOTE_VALID_DAYS_MAX}
        step={1}
        inputMode="numeric"
      />
      <TextField
        label="Note (optional)"
        error={errors.note?.message}
        {...register('note', rule('note'))}
        className="sm:col-span-2"
      />
      <button type="submit" className="btn btn-primary self-start" disabled={answer.isPending}>
        {answer.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Send quote
      </button>
    </form>
  );
}

/** Decline with a reason, after a confirmation. */
function DeclineQuote({ quote }: { quote: Quote }) {
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const decline = useDeclineQuote();
  const problem = schemaRule(QuoteDeclineBodySchema.shape.reason)(reason);
  return (
    <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
      <TextField
        label="Reason for declining"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={problem === true ? undefined : problem}
      />
      <button
        type="button"
        className="btn btn-outline btn-error"
        disabled={problem !== true}
        onClick={() => setAsking(true)}
      >
        Decline
      </button>
      {asking && (
        <ConfirmDialog
          title={`Decline ${quote.reference}?`}
          body="The customer is told by mail; this cannot be undone."
          confirmLabel="Decline"
          busy={decline.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            decline.mutate(
              { id: quote._id, body: { reason } },
              {
                onSuccess: () => toast.success(QUOTE_DECLINED_MESSAGE),
                onError: (error) => toast.error(error.message),
                onSettled: () => setAsking(false),
              },
            )
          }
        />
      )}
    </div>
  );
}

/** Dashboard → Quotes (admins): every request for a quote, answered or declined here. */
export function ManageQuotesPage() {
  const quotes = useQuotes();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Quotes</h1>
      <QueryState query={quotes} loading="Loading quotes" failed="We couldn't load the quotes.">
        {(list) =>
          list.length === 0 ? (
            <p>No requests for a quote yet.</p>
          ) : (
            <div className="flex flex-col gap-4">
              {list.map((quote) => {
                const can = quoteActions(quote);
                return (
                  <QuoteSummary key={quote._id} quote={quote} showCustomer>
                    {can.canAnswer && <AnswerQuoteForm quote={quote} />}
                    {can.canDecline && <DeclineQuote quote={quote} />}
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
