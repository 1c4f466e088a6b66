import type { z } from 'zod';
import {
  ORDER_QUANTITY_REQUIRED_MESSAGE,
  PurchaseBodySchema,
  orderQuantityProblem,
} from '../../shared/purchase.ts';

interface Stock {
  minQuantity: number;
  availableQuantity: number;
}

/**
 * What is wrong with the Order Quantity as typed (a number input's text), or undefined when the
 * product can be ordered in that quantity: the spec's messages, checked as the customer types.
 */
export function orderQuantityMessage(text: string, stock: Stock): string | undefined {
  if (text.trim() === '') return ORDER_QUANTITY_REQUIRED_MESSAGE;
  const quantity = PurchaseBodySchema.shape.orderQuantity.safeParse(text);
  if (!quantity.success) return quantity.error.issues[0]?.message;
  return orderQuantityProblem(quantity.data, stock);
}

/** A react-hook-form rule from one field of the contract's schema: its first message, if any. */
export function schemaRule(schema: z.ZodType) {
  return (value: unknown): true | string => {
    const result = schema.safeParse(value);
    return result.success || (result.error.issues[0]?.message ?? 'Invalid value');
  };
}
