import { formatDollars } from '../../shared/money.ts';

// Issue 37: a company member's contract price, shown once the page is live (useContractPrices),
// never server-rendered: "Your price $X" with the public price as "List price $Y".

/** "Your price $X" and, under it, "List price $Y"; `size` follows the price it replaces. */
export function ContractPrice({
  yourPrice,
  listPrice,
  size = 'text-lg',
}: {
  yourPrice: number;
  listPrice: number;
  size?: 'text-lg' | 'text-xl';
}) {
  return (
    <>
      <p className={`${size} font-semibold`}>Your price ${formatDollars(yourPrice)}</p>
      <p className="text-sm">List price ${formatDollars(listPrice)}</p>
    </>
  );
}
