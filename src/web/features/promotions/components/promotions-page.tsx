import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { formatDollars } from '../../../../shared/money.ts';
import { PROMOTION_KIND_LABELS } from '../../../../shared/promotions.ts';
import type { AdminPromotion } from '../../../../shared/promotions-admin.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { usePromotionMutations, usePromotions, type StatusChange } from '../api/promotions.ts';
import { CodeBatches } from './code-batches.tsx';
import { PromotionForm } from './promotion-form.tsx';

// Promotions (issue 36, the catalogue team): every promotion with what it brought; create, edit,
// pause, resume and end (with a confirmation: it is final); single-use code batches.

const dollars = (amount: number) => `$${formatDollars(amount)}`;
const day = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Dec 1, 2026, 8:00 AM – Dec 8, 2026, 8:00 AM", "From …", "Until …" or "Always". */
export function datesText(promotion: Pick<AdminPromotion, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = promotion;
  if (startsAt && endsAt) return `${day(startsAt)} – ${day(endsAt)}`;
  if (startsAt) return `From ${day(startsAt)}`;
  if (endsAt) return `Until ${day(endsAt)}`;
  return 'Always';
}

/** What a promotion gives, in a few words: "12.5% off", "$20.00 off", "Free shipping"… */
export function offerText(promotion: AdminPromotion): string {
  switch (promotion.kind) {
    case 'percent_off':
      return `${promotion.percentOff ?? 0}% off`;
    case 'amount_off':
      return `${dollars(promotion.amountOff ?? 0)} off`;
    case 'spend_threshold':
      return `${dollars(promotion.amountOff ?? 0)} off over ${dollars(promotion.minSubtotal ?? 0)}`;
    case 'free_shipping':
      return 'Free shipping';
    case 'buy_x_get_y': {
      const get = promotion.getQuantity ?? 1;
      const off = promotion.percentOff === null || promotion.percentOff === 100;
      return `Buy ${promotion.buy?.quantity ?? 1}, get ${get} ${off ? 'free' : `at ${promotion.percentOff}% off`}`;
    }
  }
}

const STATUS_BADGE: Record<AdminPromotion['status'], string> = {
  active: 'badge-success',
  paused: 'badge-warning',
  ended: 'badge-ghost',
};

function PromotionRow({
  promotion,
  onEdit,
  onCodes,
  onStatus,
  busy,
}: {
  promotion: AdminPromotion;
  onEdit: () => void;
  onCodes: () => void;
  onStatus: (change: StatusChange) => void;
  busy: boolean;
}) {
  const ended = promotion.status === 'ended';
  const name = promotion.name;
  return (
    <tr>
      <th scope="row">
        <span className="block">{name}</span>{' '}
        <span className="block text-sm font-normal text-stone-600">
          {offerText(promotion)}
          {promotion.code && ` · code ${promotion.code}`}
          {promotion.codeMode === 'code' && !promotion.code && ' · single-use codes'}
        </span>
      </th>
      <td>{PROMOTION_KIND_LABELS[promotion.kind]}</td>
      <td>
        <span className={`badge ${STATUS_BADGE[promotion.status]}`}>{promotion.status}</span>
      </td>
      <td>
        {promotion.uses}
        {promotion.usageLimit !== null && ` of ${promotion.usageLimit}`}
      </td>
      <td>{dollars(promotion.revenue)}</td>
      <td>{dollars(promotion.discountGiven)}</td>
      <td>{datesText(promotion)}</td>
      <td>
        <div className="flex flex-wrap gap-2">
          {!ended && (
            <button
              type="button"
              className="btn btn-xs"
              aria-label={`Edit ${name}`}
              onClick={onEdit}
            >
              Edit
            </button>
          )}
          {promotion.status === 'active' && (
            <button
              type="button"
              className="btn btn-xs"
              disabled={busy}
              aria-label={`Pause ${name}`}
              onClick={() => onStatus('pause')}
            >
              Pause
            </button>
          )}
          {promotion.status === 'paused' && (
            <button
              type="button"
              className="btn btn-xs"
              disabled={busy}
              aria-label={`Resume ${name}`}
              onClick={() => onStatus('resume')}
            >
              Resume
            </button>
          )}
          {!ended && (
            <button
              type="button"
              className="btn btn-xs btn-outline btn-error"
              disabled={busy}
              aria-label={`End ${name}`}
              onClick={() => onStatus('end')}
            >
              End
            </button>
          )}
          {promotion.codeMode === 'code' && (
            <button
              type="button"
              className="btn btn-xs"
              aria-label={`Codes of ${name}`}
              onClick={onCodes}
            >
              Codes
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

const DONE: Record<StatusChange, string> = {
  pause: 'is paused',
  resume: 'is active again',
  end: 'has ended',
};

/** Promotions (staff): the list with usage, the form, status changes and code batches. */
export function PromotionsPage() {
  const promotions = usePromotions();
  const { changeStatus } = usePromotionMutations();
  const [editing, setEditing] = useState<string | null>(null);
  const [codesOf, setCodesOf] = useState<string | null>(null);
  const [ending, setEnding] = useState<AdminPromotion | null>(null);

  const onStatus = async (promotion: AdminPromotion, change: StatusChange) => {
    try {
      await changeStatus.mutateAsync({ id: promotion.id, change });
      toast.success(`${promotion.name} ${DONE[change]}`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      if (change === 'end') setEnding(null);
    }
  };

  const list = promotions.data ?? [];
  const edited = list.find((promotion) => promotion.id === editing);
  const withCodes = list.find((promotion) => promotion.id === codesOf);

  return (
    <section className="flex max-w-6xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Promotions</h1>
      <p>
        Automatic promotions apply at the checkout without a code; the others need their shared code
        or one of their single-use codes. Revenue and discount count the checkouts that used a
        promotion and were not cancelled.
      </p>
      <QueryState
        query={promotions}
        loading="Loading promotions"
        failed="We couldn't load the promotions."
      >
        {(rows) =>
          rows.length === 0 ? (
            <p>No promotions yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">Promotions</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Status</th>
                    <th scope="col">Uses</th>
                    <th scope="col">Revenue</th>
                    <th scope="col">Discount given</th>
                    <th scope="col">Dates</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((promotion) => (
                    <PromotionRow
                      key={promotion.id}
                      promotion={promotion}
                      busy={changeStatus.isPending}
                      onEdit={() => setEditing(promotion.id)}
                      onCodes={() => setCodesOf(promotion.id)}
                      onStatus={(change) =>
                        change === 'end' ? setEnding(promotion) : void onStatus(promotion, change)
                      }
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      {withCodes && <CodeBatches key={withCodes.id} promotion={withCodes} />}
      {edited && edited.status !== 'ended' ? (
        <PromotionForm key={edited.id} promotion={edited} onDone={() => setEditing(null)} />
      ) : (
        <PromotionForm />
      )}
      {ending && (
        <ConfirmDialog
          title={`Are you sure you want to end ${ending.name}?`}
          body="Ending is final: the promotion stops applying and cannot be resumed or edited."
          confirmLabel="End promotion"
          busy={changeStatus.isPending}
          onConfirm={() => void onStatus(ending, 'end')}
          onCancel={() => setEnding(null)}
        />
      )}
    </section>
  );
}
