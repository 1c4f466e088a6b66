import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_CHANGED_REASON,
  ProductImportReportSchema,
} from '../../../shared/product-import.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { column, edited, productImportHelpers } from '../../testing/product-import.ts';
import { parseCsv } from '../csv/csv-read.ts';

const t = setUpAppWithAccounts();

const { exportCsv, send } = productImportHelpers(t);

const productCount = async () =>
  Number(
    (await t.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM product`)).rows[0]!.n,
  );

describe('product import', () => {
  it('is for staff only', async () => {
    expect((await send('preview', 'x', t.customer)).statusCode).toBe(403);
    expect((await send('apply', 'x', t.customer)).statusCode).toBe(403);
  });

  it('reads an untouched export back as unchanged', async () => {
    const res = await send('preview', await exportCsv());
    expect(res.statusCode).toBe(200);
    const report = ProductImportReportSchema.parse(res.json());
    expect(report.applied).toBe(false);
    expect(report.counts.unchanged).toBeGreaterThan(5);
    expect(report.counts).toMatchObject({ create: 0, update: 0, error: 0 });
  });

  it('refuses a file without the export header', async () => {
    const res = await send('preview', 'Name,Price\r\nSaw,3\r\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.csv).toBeDefined();
  });

  it('previews, refuses a file with an error row, then applies all rows at once', async () => {
    const csv = await exportCsv();
    const before = await productCount();
    let firstId = '';
    let image = '';
    const withError = edited(csv, (rows) => {
      const first = rows[0]!;
      firstId = first[column('Product ID')]!;
      image = first[column('Image')]!;
      first[column('Price')] = '77.50';
      // Written as the export writes it: a leading = gets the apostrophe guard.
      const created = ['', "'=Formula Saw", '19.99', 'Cuts', '1', '5', image, '', ''];
      const broken = ['', 'Broken Saw', '-3', '', '1', '5', image, '', ''];
      return [...rows, created, broken];
    });
    const preview = ProductImportReportSchema.parse((await send('preview', withError)).json());
    expect(preview.counts).toMatchObject({ create: 1, update: 1, error: 1 });
    const errorRow = preview.rows.find((row) => row.action === 'error')!;
    expect(errorRow.row).toBe(preview.rows.length + 1);
    expect(errorRow.reason).toBe('Price must be more than 0');
    expect(preview.rows.find((row) => row.productId === firstId)?.action).toBe('update');

    const refused = await send('apply', withError);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[`row ${errorRow.row}`]).toBe('Price must be more than 0');
    expect(await productCount()).toBe(before);

    const fixed = edited(withError, (rows) => rows.slice(0, -1));
    const applied = await send('apply', fixed);
    expect(applied.statusCode).toBe(200);
    const report = ProductImportReportSchema.parse(applied.json());
    expect(report).toMatchObject({ applied: true, counts: { create: 1, update: 1, error: 0 } });
    expect(await productCount()).toBe(before + 1);
    const rows = await t.database.db.execute<{ name: string; price_cents: number }>(
      sql`SELECT name, price_cents FROM product_offer WHERE id IN (${firstId}, ${report.rows.at(-1)!.productId})`,
    );
    expect(rows.rows.map((row) => row.price_cents).sort()).toEqual([1999, 7750]);
    expect(rows.rows.map((row) => row.name)).toContain('=Formula Saw');
  });

  it('refuses the whole file when a product changed since the export (409)', async () => {
    const csv = await exportCsv();
    const [, first] = parseCsv(csv)!;
    const id = first![column('Product ID')]!;
    const changed = edited(csv, (rows) => {
      rows[0]![column('Name')] = 'Renamed offline';
      rows[1]![column('Price')] = '1.23';
      return rows;
    });
    // A sale (or another admin) changes the first product after the export.
    await t.database.db.execute(
      sql`UPDATE variant SET available_quantity = available_quantity - 1
        WHERE id = (SELECT default_variant_id FROM product_offer WHERE id = ${id})`,
    );
    const preview = ProductImportReportSchema.parse((await send('preview', changed)).json());
    expect(preview.rows[0]).toMatchObject({ action: 'error', reason: IMPORT_CHANGED_REASON });
    const refused = await send('apply', changed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields['row 2']).toBe(IMPORT_CHANGED_REASON);
    const names = await t.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM product_offer WHERE name = 'Renamed offline' OR price_cents = 123`,
    );
    expect(names.rows[0]!.n).toBe('0');
  });

  it("mails a sold-out product's subscribers once when the file restocks it", async () => {
    const csv = await exportCsv();
    const [, first] = parseCsv(csv)!;
    const id = first![column('Product ID')]!;
    await t.database.db.execute(
      sql`UPDATE variant SET available_quantity = 0 WHERE product_id = ${id}`,
    );
    const subscribed = await t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/notify`,
      headers: t.customer.headers,
    });
    expect(subscribed.statusCode).toBeLessThan(300);
    const restocked = edited(await exportCsv(), (rows) => {
      const row = rows.find((cells) => cells[column('Product ID')] === id)!;
      row[column('Available Quantity')] = '500';
      return [row];
    });
    expect((await send('apply', restocked)).statusCode).toBe(200);
    const jobs = await t.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM outbox WHERE kind = 'back-in-stock' AND payload->>'productId' = ${id}`,
    );
    expect(jobs.rows[0]!.n).toBe('1');
    const left = await t.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM stock_alert WHERE product_id = ${id}`,
    );
    expect(left.rows[0]!.n).toBe('0');
  });
});
