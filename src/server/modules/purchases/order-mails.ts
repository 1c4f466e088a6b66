import { carrierName, trackingUrl, type Carrier } from '../../../shared/carriers.ts';
import { formatCents } from '../../../shared/money.ts';
import {
  CARRIER_LABEL,
  TRACK_PARCEL_LABEL,
  TRACKING_NUMBER_LABEL,
} from '../../../shared/shipment.ts';
import {
  orderSummaryRows,
  sumOrder,
  type ChargedLine,
  type PromotionSaving,
} from '../../../shared/order-summary.ts';
import { TEST_MODE_NOTICE } from '../../../shared/payment.ts';
import type { OrderMailJob } from './order-jobs.ts';
import { renderShopMail } from '../notifications/index.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';
import { variantDisplayName } from '../../../shared/variant.ts';

/** One order a mail is about: its snapshot. */
export interface OrderMailLine {
  productName: string;
  /** What was sold (issue 34): the variant's SKU and label as sold ('' when none). */
  sku?: string;
  variantLabel?: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** Issue 35: its tax and its share of the shipping and of the shipping's tax, as stored. */
  taxCents?: number;
  shippingCents?: number;
  shippingTaxCents?: number;
  /** Issue 36: its share of the promotions' discounts, as stored. */
  discountCents?: number;
}

/** The line as charged (0 for what a line from before issue 35 does not say). */
export const chargedLine = (line: OrderMailLine): ChargedLine => ({
  totalCents: line.totalCents,
  discountCents: line.discountCents ?? 0,
  taxCents: line.taxCents ?? 0,
  shippingCents: line.shippingCents ?? 0,
  shippingTaxCents: line.shippingTaxCents ?? 0,
});

/** A line's name for people: the product's and its variant's label, "Drill (18V · Kit)". */
export const orderLineName = (line: Pick<OrderMailLine, 'productName' | 'variantLabel'>) =>
  variantDisplayName(line.productName, line.variantLabel ?? '');

/** The line's name with its SKU, as receipts list it: "Drill (18V · Kit), SKU DRL-18-KIT". */
export const orderLineNameWithSku = (line: OrderMailLine) =>
  line.sku ? `${orderLineName(line)}, SKU ${line.sku}` : orderLineName(line);

/**
 * What a mail says: the orders it is about (the one order, or a checkout's orders) with their
 * checkout's reference and PO reference, and the payment once paid.
 */
export interface OrderMailFacts {
  reference: string;
  poReference: string | null;
  lines: OrderMailLine[];
  customerName: string;
  address: string;
  phone: string;
  holdExpiresAt: Date | null;
  transactionId: string | null;
  receiptNumber: number | null;
  testMode: boolean;
  card: { brand: string | null; last4: string | null } | null;
  /** The parcel's carrier and tracking number (shipped with tracking, issue 35); else null. */
  tracking?: { carrier: Carrier; trackingNumber: string } | null;
  /** Issue 35: the checkout's shipping method, whether prices include VAT, and its tax note. */
  shippingMethod?: string;
  pricesIncludeTax?: boolean;
  taxNote?: string | null;
  /** Issue 36: the checkout's promotions as placed (a mail about the whole checkout). */
  promotions?: readonly PromotionSaving[];
  /**
   * Issue 37: how the checkout is paid, whether it was placed awaiting approval, and the reason
   * an approver gave for rejecting it.
   */
  paymentMethod?: 'card' | 'account';
  approvalPending?: boolean;
  approvalReason?: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

// One formatter for every mail: building one per call showed in the order profile.
const utcDateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const when = (date: Date) => `${utcDateTime.format(date)} UTC`;

/** The heading and the paragraphs before the order's details, per mail. */
function wording(
  job: OrderMailJob,
  order: OrderMailFacts,
  totalCents: number,
): { subject: string; lines: string[] } {
  const [only] = order.lines;
  // One order is named by its product, as always; a checkout of several by its reference.
  const product =
    order.lines.length === 1 && only
      ? orderLineName(only)
      : `${order.reference} (${order.lines.length} items)`;
  switch (job.template) {
    case 'order.placed':
      return {
        subject: `Order received: ${product}`,
        lines: [
          `Thank you for your order, ${order.customerName}.`,
          order.approvalPending
            ? "It is above your spending limit, so it waits for your company's approval. We will e-mail you when it is approved or rejected."
            : order.paymentMethod === 'account'
              ? 'It is invoiced to your company account; the invoice comes in a separate e-mail.'
              : order.holdExpiresAt
                ? `We have reserved it for you until ${when(order.holdExpiresAt)}. Please pay before then; afterwards the order expires and the stock is released.`
                : 'Please pay for it from My Orders.',
        ],
      };
    case 'order.paid': {
      const card = order.card?.last4
        ? `${order.card.brand ?? 'card'} ending in ${order.card.last4}`
        : 'your card';
      return {
        subject: `Payment received: ${product}`,
        lines: [
          `We received your payment of ${formatCents(totalCents)} by ${card}.`,
          `Transaction id: ${order.transactionId ?? '-'}`,
          order.receiptNumber !== null ? `Receipt number: ${order.receiptNumber}` : '',
          order.testMode ? 'Test mode: no real money was charged.' : '',
          'We will let you know when it ships. You can download the receipt from My Orders.',
        ].filter(Boolean),
      };
    }
    case 'order.paid.admin':
      return {
        subject: `New paid order ready to ship: ${product}`,
        lines: [
          `${order.customerName} paid ${formatCents(totalCents)} for this order. It is ready to ship from Manage All Orders.`,
          order.testMode ? 'Test mode: paid through the built-in test processor.' : '',
        ].filter(Boolean),
      };
    case 'order.shipped':
      return {
        subject: `Your order has shipped: ${product}`,
        lines: [
          `Good news, ${order.customerName}: your order is on its way.`,
          order.tracking
            ? `It travels with ${carrierName(order.tracking.carrier)}, tracking number ${order.tracking.trackingNumber}.`
            : '',
        ].filter(Boolean),
      };
    case 'order.cancelled':
      return {
        subject: `Order cancelled: ${product}`,
        lines: [
          job.actor === 'admin'
            ? 'Your order was cancelled by the shop. You were not charged.'
            : 'You cancelled this order. You were not charged.',
        ],
      };
    case 'order.expired':
      return {
        subject: `Order expired: ${product}`,
        lines: [
          order.approvalPending
            ? 'This order was not approved before its reservation ended, so it expired and the stock was released. You were not charged.'
            : 'This order was not paid before its reservation ended, so it expired and the stock was released. You were not charged. You are welcome to order again.',
        ],
      };
    case 'order.approval_requested':
      return {
        subject: `Approval needed: ${product}`,
        lines: [
          `${order.customerName} placed an order of ${formatCents(totalCents)} that is above their spending limit${order.paymentMethod === 'account' ? ', to be paid on account' : ''}.`,
          order.holdExpiresAt
            ? `Its stock is reserved until ${when(order.holdExpiresAt)}. Approve or reject it from Approvals.`
            : 'Approve or reject it from Approvals.',
        ],
      };
    case 'order.approved':
      return {
        subject: `Order approved: ${product}`,
        lines: [
          `Your order ${order.reference} was approved.`,
          order.paymentMethod === 'account'
            ? 'It is invoiced to your company account; we will let you know when it ships.'
            : order.holdExpiresAt
              ? `Please pay for it from My Orders before ${when(order.holdExpiresAt)}.`
              : 'Please pay for it from My Orders.',
        ],
      };
    case 'order.rejected':
      return {
        subject: `Order not approved: ${product}`,
        lines: [
          `Your order ${order.reference} was not approved, so it was cancelled and you were not charged.`,
          order.approvalReason ? `Reason: ${order.approvalReason}` : '',
        ].filter(Boolean),
      };
  }
}

/**
 * An order or checkout mail in the shop's look, as HTML and plain text, with a link to the orders
 * page. With testModeNotice (the test processor takes a production shop's payments), its first
 * paragraph is "Test mode: no real payments".
 */
export function renderOrderMail(
  job: OrderMailJob,
  order: OrderMailFacts,
  publicUrl: string,
  { testModeNotice = false }: { testModeNotice?: boolean } = {},
): RenderedMail {
  // What the buyer pays or paid: the lines with their tax and shipping, as stored (issue 35).
  const totalCents = sumOrder(order.lines.map(chargedLine)).totalCents;
  const worded = wording(job, order, totalCents);
  const subject = worded.subject;
  const lines = testModeNotice ? [TEST_MODE_NOTICE, ...worded.lines] : worded.lines;
  // Issue 37: the company's approvers decide on their Approvals page.
  const [page, linkLabel] =
    job.audience === 'admins'
      ? [pageRoutes.manageAllOrders, 'Manage All Orders']
      : job.audience === 'approvers'
        ? [pageRoutes.approvals, 'Approvals']
        : [pageRoutes.myOrders, 'My Orders'];
  const link = `${publicUrl}${page.href()}`;
  const details: [string, string][] = [
    ['Order', order.reference],
    ...(order.poReference ? ([['PO reference', order.poReference]] as [string, string][]) : []),
    ...order.lines.flatMap((line): [string, string][] => [
      ['Product', orderLineName(line)],
      ...(line.sku ? ([['SKU', line.sku]] as [string, string][]) : []),
      ['Quantity', String(line.quantity)],
      ['Unit price', formatCents(line.unitPriceCents)],
    ]),
    ...orderSummaryRows(order.lines.map(chargedLine), {
      pricesIncludeTax: order.pricesIncludeTax ?? false,
      shippingMethod: order.shippingMethod ?? '',
      promotions: order.promotions ?? [],
    }),
    ['Address', order.address || '-'],
    ...(order.taxNote ? ([['Tax note', order.taxNote]] as [string, string][]) : []),
    ...(job.audience === 'admins' ? ([['Phone', order.phone || '-']] as [string, string][]) : []),
  ];
  const tracking = job.template === 'order.shipped' ? order.tracking : null;
  const trackingPage = tracking && trackingUrl(tracking.carrier, tracking.trackingNumber);
  if (tracking)
    details.push(
      [CARRIER_LABEL, carrierName(tracking.carrier)],
      [TRACKING_NUMBER_LABEL, tracking.trackingNumber],
    );
  return renderShopMail({
    subject,
    lines,
    details,
    link,
    linkLabel,
    ...(trackingPage && { firstLink: { href: trackingPage, label: TRACK_PARCEL_LABEL } }),
  });
}
