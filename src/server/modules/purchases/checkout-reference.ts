/** A checkout's reference as customers see it (mails, receipts, order lists). */
export const checkoutReference = (number: number | string) => `C-${number}`;
