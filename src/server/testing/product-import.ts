import { expect } from 'vitest';
import { PRODUCT_EXPORT_COLUMNS, type ProductExportColumn } from '../../shared/order-export.ts';
import { parseCsv } from '../modules/csv/csv-read.ts';
import { csvRow } from '../modules/csv/csv.ts';
import type { SignedIn } from './accounts.ts';
import type { AppWithAccounts } from './app-with-accounts.ts';

/** The product CSV's round trip in API tests: export, edit the rows, preview or apply. */
export function productImportHelpers(t: AppWithAccounts) {
  const exportCsv = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products.csv',
      headers: t.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  const send = (step: 'preview' | 'apply', csv: string, who: SignedIn = t.admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/product-import/${step}`,
      headers: who.headers,
      payload: { csv },
    });

  return { exportCsv, send };
}

/** Where a column is in the export. */
export const column = (name: ProductExportColumn) => PRODUCT_EXPORT_COLUMNS.indexOf(name);

/** The export's rows, changed by `edit` (the header too, if it likes), written back as CSV. */
export function edited(
  csv: string,
  edit: (rows: string[][], header: string[]) => string[][],
): string {
  const [header, ...rows] = parseCsv(csv)!;
  const body = edit(rows, header!);
  return [header!, ...body].map((cells) => csvRow(cells)).join('');
}
