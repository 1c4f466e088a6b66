import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth/session.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

interface AddToBasketButtonProps {
  /**
   * What to add (a variant's SKU with it; none: the product's default variant); null while it
   * cannot be added (an invalid quantity): the button waits.
   */
  line: { productId: string; sku?: string | undefined; quantity: number } | null;
  /** "Add to basket", or "Order again" in My Orders. */
  label?: string;
  /** The id of the element naming the product, where several such buttons share a screen. */
  describedBy?: string | undefined;
  className?: string;
}

/** Puts a product in the basket (a visitor's or a customer's) and says what happened in a toast. */
export function AddToBasketButton({
  line,
  label = 'Add to basket',
  describedBy,
  className = 'btn btn-outline',
}: AddToBasketButtonProps) {
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const [adding, setAdding] = useState(false);
  // Server-rendered (a product card): nothing to do until the page is live.
  const hydrated = useHydrated();

  const add = async () => {
    if (!line) return;
    setAdding(true);
    try {
      // Loaded on the first click: the cards showing this button are server-rendered pages.
      const { addToBasket } = await import('../lib/add-to-basket.ts');
      await addToBasket(queryClient, line, status === 'signedIn');
    } finally {
      setAdding(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      aria-describedby={describedBy}
      disabled={!hydrated || line === null || adding || status === 'loading'}
      onClick={() => void add()}
    >
      {adding && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {label}
    </button>
  );
}
