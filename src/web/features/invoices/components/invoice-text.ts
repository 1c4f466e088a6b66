import { formatDollars } from '../../../../shared/money.ts';

/** "$1,234.50". */
export const money = (dollars: number) => `$${formatDollars(dollars)}`;

/** An ISO time's day, as the invoices and their PDF say it (UTC): "2026-12-29". */
export const day = (iso: string) => iso.slice(0, 10);

/** Today (UTC), as a date input wants it. */
export const today = () => new Date().toISOString().slice(0, 10);
