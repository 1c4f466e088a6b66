export const ORDER_NOT_FOUND_MESSAGE =
  "We couldn't find this order. It may not exist, or it belongs to another account.";
export const ORDER_CANCELLED_MESSAGE = 'This order was cancelled.';
export const ORDER_EXPIRED_MESSAGE =
  'This order expired: its stock hold ended. Please place a new order.';
export const TEST_MODE_EXPLANATION = 'Payments here are simulated: no card is charged.';
export const TEST_MODE_NOTE = 'Test mode: use 4242 4242 4242 4242, any future date, any CVC.';

export const CARD_NETWORK_MESSAGE =
  "We couldn't reach the payment service. Check your connection and try again.";
export const CARD_GENERIC_MESSAGE = 'The payment could not be completed. Please try again.';
export const CARD_FORM_FAILED_MESSAGE =
  "The card form couldn't be loaded. Check your connection and reload the page.";

export const greeting = (customerName: string) => `Hello, ${customerName}`;
export const payForMessage = (product: string) => `Please Pay for ${product}`;
