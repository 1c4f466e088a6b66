import { useId } from 'react';
import { NO_CREDIT_MESSAGE } from '../../../../shared/companies.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { PaymentMethod } from '../../../../shared/payment-method.ts';
import type { CheckoutQuote } from '../../../../shared/pricing.ts';

type Company = NonNullable<CheckoutQuote['company']>;

/**
 * A company member's choice at checkout (issue 37): by card, or on the company's account (only
 * when it has approved credit). `error` is why on account was refused (the 409's
 * `fields.paymentMethod`), said next to the choice.
 */
export function PaymentMethodChoice({
  company,
  value,
  onChange,
  error,
}: {
  company: Company;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  error: string | null;
}) {
  const errorId = useId();
  const creditId = useId();
  const onAccount = company.creditAvailable !== null;
  const options: { method: PaymentMethod; label: string; disabled: boolean }[] = [
    { method: 'card', label: 'Card', disabled: false },
    { method: 'account', label: 'On account', disabled: !onAccount },
  ];
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${creditId} ${errorId}` : creditId}
    >
      <legend className="mb-2 text-lg font-semibold">Payment method</legend>
      <p id={creditId} className="text-sm">
        Buying for <span className="font-medium">{company.name}</span>
        {company.creditAvailable !== null
          ? `. Credit available: $${formatDollars(company.creditAvailable)}`
          : `. ${NO_CREDIT_MESSAGE}.`}
      </p>
      <div className="flex flex-wrap gap-3">
        {options.map((option) => (
          <label
            key={option.method}
            className="flex min-h-11 items-center gap-3 rounded-box border border-base-300 px-4 py-2"
          >
            <input
              type="radio"
              name="paymentMethod"
              className="radio"
              value={option.method}
              checked={value === option.method}
              disabled={option.disabled}
              onChange={() => onChange(option.method)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Said before Place order when the order is above the buyer's spending limit. */
export const APPROVAL_NOTICE =
  'This order is above your spending limit and will wait for approval.';

export function ApprovalNotice() {
  return (
    <div role="status" className="alert alert-warning">
      {APPROVAL_NOTICE}
    </div>
  );
}
