import type { PromotionBody, PromotionKind, TargetKind } from '../../../../shared/promotions.ts';
import type { AdminPromotion } from '../../../../shared/promotions-admin.ts';

// The promotion form's values as typed (text, checkboxes) and the body the API takes, both ways.
// Dates are typed in the time zone of the browser (a `datetime-local` field), sent as instants.

export interface PromotionFormValues {
  name: string;
  description: string;
  kind: PromotionKind;
  percentOff: string;
  amountOff: string;
  targetKind: TargetKind;
  targetIds: string;
  buyKind: TargetKind;
  buyIds: string;
  buyQuantity: string;
  getQuantity: string;
  minSubtotal: string;
  minQuantity: string;
  firstOrderOnly: boolean;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  exclusive: boolean;
  priority: string;
  codeMode: 'automatic' | 'code';
  code: string;
}

export const BLANK_PROMOTION: PromotionFormValues = {
  name: '',
  description: '',
  kind: 'percent_off',
  percentOff: '',
  amountOff: '',
  targetKind: 'all',
  targetIds: '',
  buyKind: 'all',
  buyIds: '',
  buyQuantity: '',
  getQuantity: '',
  minSubtotal: '',
  minQuantity: '',
  firstOrderOnly: false,
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  exclusive: false,
  priority: '0',
  codeMode: 'automatic',
  code: '',
};

/** The browser's time zone, which the date fields are typed in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's time zone ("2026-12-01T08:00"). */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as an instant; '' is none; a bad one is sent as typed. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** "a, b  c" → ['a', 'b', 'c']: ids, SKUs or platforms typed with commas or spaces between them. */
export const splitList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const textOf = (value: number | null) => (value === null ? '' : String(value));

/** What the form sends (PromotionBodySchema checks it, here and on the server). */
export function bodyOf(values: PromotionFormValues): PromotionBody {
  const isBuyXGetY = values.kind === 'buy_x_get_y';
  const usesPercent = values.kind === 'percent_off' || isBuyXGetY;
  const usesAmount = values.kind === 'amount_off' || values.kind === 'spend_threshold';
  return {
    name: values.name,
    description: values.description,
    kind: values.kind,
    percentOff: usesPercent ? numberOrNull(values.percentOff) : null,
    amountOff: usesAmount ? numberOrNull(values.amountOff) : null,
    target: {
      kind: values.targetKind,
      ids: values.targetKind === 'all' ? [] : splitList(values.targetIds),
    },
    buy: isBuyXGetY
      ? {
          target: {
            kind: values.buyKind,
            ids: values.buyKind === 'all' ? [] : splitList(values.buyIds),
          },
          quantity: numberOrNull(values.buyQuantity) ?? Number.NaN,
        }
      : null,
    getQuantity: isBuyXGetY ? numberOrNull(values.getQuantity) : null,
    minSubtotal: numberOrNull(values.minSubtotal),
    minQuantity: numberOrNull(values.minQuantity),
    firstOrderOnly: values.firstOrderOnly,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    usageLimit: numberOrNull(values.usageLimit),
    perCustomerLimit: numberOrNull(values.perCustomerLimit),
    exclusive: values.exclusive,
    priority: numberOrNull(values.priority) ?? 0,
    codeMode: values.codeMode,
    code: values.codeMode === 'code' && values.code.trim() !== '' ? values.code.trim() : null,
  };
}

/** A stored promotion in the form's terms (to edit it). */
export function valuesOf(promotion: AdminPromotion): PromotionFormValues {
  return {
    name: promotion.name,
    description: promotion.description,
    kind: promotion.kind,
    percentOff: textOf(promotion.percentOff),
    amountOff: textOf(promotion.amountOff),
    targetKind: promotion.target.kind,
    targetIds: promotion.target.ids.join(', '),
    buyKind: promotion.buy?.target.kind ?? 'all',
    buyIds: promotion.buy?.target.ids.join(', ') ?? '',
    buyQuantity: textOf(promotion.buy?.quantity ?? null),
    getQuantity: textOf(promotion.getQuantity),
    minSubtotal: textOf(promotion.minSubtotal),
    minQuantity: textOf(promotion.minQuantity),
    firstOrderOnly: promotion.firstOrderOnly,
    startsAt: toLocalInput(promotion.startsAt),
    endsAt: toLocalInput(promotion.endsAt),
    usageLimit: textOf(promotion.usageLimit),
    perCustomerLimit: textOf(promotion.perCustomerLimit),
    exclusive: promotion.exclusive,
    priority: String(promotion.priority),
    codeMode: promotion.codeMode,
    code: promotion.code ?? '',
  };
}
