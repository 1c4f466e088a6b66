import { useEffect } from 'react';
import { useBasketLineCount } from '../hooks/use-basket-line-count.ts';

/**
 * Tells the navbar how many lines the basket has (undefined while not known), and renders
 * nothing. The navbar imports it once the page is live: the visitor's basket (localStorage) and
 * the customer's basket query stay out of the first load (docs/decisions/017).
 */
export function BasketLineCounter({ onCount }: { onCount: (count: number | undefined) => void }) {
  const count = useBasketLineCount();
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
