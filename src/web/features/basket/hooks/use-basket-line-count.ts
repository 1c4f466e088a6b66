import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/session.ts';
import { basketQueryOptions } from '../api/basket-query.ts';
import { useVisitorBasketLines } from '../lib/visitor-basket.ts';

/**
 * How many lines the basket has, for the navbar: a visitor's from this browser (none while the
 * server renders), a customer's from the server; undefined while that is not known yet.
 */
export function useBasketLineCount(): number | undefined {
  const { status } = useAuth();
  const visitorLines = useVisitorBasketLines();
  const server = useQuery({
    ...basketQueryOptions(),
    enabled: status === 'signedIn',
    select: (basket) => basket.lines.length,
  });
  if (status === 'signedOut') return visitorLines.length;
  return status === 'signedIn' ? server.data : undefined;
}
