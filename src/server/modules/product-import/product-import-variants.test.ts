import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_EXPORT_COLUMNS, type ProductExportColumn } from '../../../shared/order-export.ts';
import {
  IMPORT_CHANGED_REASON,
  IMPORT_DUPLICATE_SKU_REASON,
  IMPORT_PRODUCT_COLUMNS_DIFFER_REASON,
  IMPORT_SKU_OTHER_PRODUCT_REASON,
  IMPORT_TAX_CLASS_REASON,
  importPartIsKitReason,
  importUnknownPartReason,
  ProductImportReportSchema,
  type ProductImportReport,
} from '../../../shared/product-import.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { column, edited, productImportHelpers } from '../../testing/product-import.ts';
import { parseCsv } from '../csv/csv-read.ts';
import { csvRow } from '../csv/csv.ts';

// Issue 34: the product CSV has one row per variant keyed by SKU, the product's columns repeated
// on each of its rows, with Options, Weight (g) and a kit's Parts. New products are grouped by
// Name (rows without a Product ID). Export → import changes nothing, kits included.

const t = setUpAppWithAccounts();
const { exportCsv, send } = productImportHelpers(t);

let image = '';

/** A full row of the export's columns from the cells given (the others empty). */
const line = (cells: Partial<Record<ProductExportColumn, string>>) =>
  PRODUCT_EXPORT_COLUMNS.map((name) => cells[name] ?? '');

const header = () => csvRow([...PRODUCT_EXPORT_COLUMNS]);
const file = (...rows: string[][]) => header() + rows.map((row) => csvRow(row)).join('');

const drill = (cells: Partial<Record<ProductExportColumn, string>>) =>
  line({
    Name: 'CSV Drill',
    Description: 'A drill in two forms',
    Image: image,
    'Min Order Quantity': '1',
    'Battery Platform': '18V',
    ...cells,
  });
const simple = (name: string, sku: string, price: string, stock: string, weight: string) =>
  line({
    Name: name,
    Price: price,
    Image: image,
    'Min Order Quantity': '1',
    'Available Quantity': stock,
    SKU: sku,
    'Weight (g)': weight,
  });

/** The shop's file: a battery, a charger, and a drill as bare tool and as a kit of them. */
const catalogue = () =>
  file(
    simple('CSV Battery 5Ah', 'CSVBAT-5AH', '89.00', '10', '650'),
    simple('CSV Charger', 'CSVCHG-1', '49.00', '4', '400'),
    drill({
      SKU: 'CSVDRL-BARE',
      Price: '129.00',
      'Available Quantity': '7',
      Options: 'Voltage=18V;Kit=Bare tool',
      'Weight (g)': '1500',
    }),
    drill({
      SKU: 'CSVDRL-KIT',
      Price: '299.00',
      'Available Quantity': '0',
      Options: 'Voltage=18V;Kit=2 x 5.0 Ah kit',
      'Weight (g)': '3100',
      Parts: 'CSVBAT-5AH*2;CSVCHG-1',
    }),
  );

const report = async (step: 'preview' | 'apply', csv: string): Promise<ProductImportReport> => {
  const res = await send(step, csv);
  expect(res.statusCode, res.body).toBe(200);
  return ProductImportReportSchema.parse(res.json());
};

interface StoredVariant extends Record<string, unknown> {
  sku: string;
  product: string;
  label: string;
  option_values: Record<string, string>;
  price_cents: number;
  available_quantity: number;
  weight_grams: number;
  position: number;
  version: number;
  parts: string | null;
}

const variants = async (): Promise<StoredVariant[]> =>
  (
    await t.database.db.execute<StoredVariant>(sql`
      SELECT v.sku, p.name AS product, v.label, v.option_values, v.price_cents,
        v.available_quantity, v.weight_grams, v.position::int AS position, v.version,
        (SELECT string_agg(vp.part_sku || '*' || vp.quantity || ':' || (vp.part_id IS NOT NULL),
          ';' ORDER BY vp.part_sku) FROM variant_part vp WHERE vp.kit_id = v.id) AS parts
      FROM variant v JOIN product p ON p.id = v.product_id
      WHERE v.sku LIKE 'CSV%' ORDER BY v.sku`)
  ).rows;

/** The export's rows of this test's products. */
const ours = (csv: string) =>
  parseCsv(csv)!.filter((cells) => cells[column('SKU')]?.startsWith('CSV'));

beforeAll(async () => {
  const { rows } = await t.database.db.execute<{ hash: string }>(
    sql`SELECT hash FROM image ORDER BY hash LIMIT 1`,
  );
  image = `/images/${rows[0]!.hash}.webp`;
});

describe('product CSV: one row per variant, kits', () => {
  it('creates products from rows grouped by name, with options, weights and kit parts', async () => {
    const created = await report('apply', catalogue());
    expect(created.counts).toMatchObject({ create: 4, update: 0, error: 0 });
    expect(created.rows.map((row) => row.sku)).toEqual([
      'CSVBAT-5AH',
      'CSVCHG-1',
      'CSVDRL-BARE',
      'CSVDRL-KIT',
    ]);
    // The drill's two rows are one product.
    expect(created.rows[2]!.productId).toBe(created.rows[3]!.productId);
    expect(created.rows[0]!.productId).not.toBe(created.rows[1]!.productId);

    const stored = await variants();
    expect(stored.map(({ version: _v, ...rest }) => rest)).toEqual([
      {
        sku: 'CSVBAT-5AH',
        product: 'CSV Battery 5Ah',
        label: '',
        option_values: {},
        price_cents: 8900,
        available_quantity: 10,
        weight_grams: 650,
        position: 0,
        parts: null,
      },
      {
        sku: 'CSVCHG-1',
        product: 'CSV Charger',
        label: '',
        option_values: {},
        price_cents: 4900,
        available_quantity: 4,
        weight_grams: 400,
        position: 0,
        parts: null,
      },
      {
        sku: 'CSVDRL-BARE',
        product: 'CSV Drill',
        label: '18V · Bare tool',
        option_values: { Voltage: '18V', Kit: 'Bare tool' },
        price_cents: 12900,
        available_quantity: 7,
        weight_grams: 1500,
        position: 0,
        parts: null,
      },
      {
        sku: 'CSVDRL-KIT',
        product: 'CSV Drill',
        label: '18V · 2 x 5.0 Ah kit',
        option_values: { Voltage: '18V', Kit: '2 x 5.0 Ah kit' },
        price_cents: 29900,
        available_quantity: 0,
        weight_grams: 3100,
        position: 1,
        parts: 'CSVBAT-5AH*2:true;CSVCHG-1*1:true',
      },
    ]);
    const { rows: options } = await t.database.db.execute<{ options: unknown }>(
      sql`SELECT options FROM product WHERE name = 'CSV Drill'`,
    );
    expect(options[0]!.options).toEqual([
      { name: 'Voltage', values: ['18V'] },
      { name: 'Kit', values: ['Bare tool', '2 x 5.0 Ah kit'] },
    ]);
    // The kit sells what its parts allow: min(10 / 2, 4 / 1).
    const { rows: offer } = await t.database.db.execute<{ available_quantity: number }>(
      sql`SELECT available_quantity FROM variant_offer WHERE sku = 'CSVDRL-KIT'`,
    );
    expect(offer[0]!.available_quantity).toBe(4);
  });

  it('exports one row per variant, the product repeated, and reads it back unchanged', async () => {
    const csv = await exportCsv();
    const rows = ours(csv);
    expect(rows.map((row) => row[column('SKU')])).toEqual([
      'CSVBAT-5AH',
      'CSVCHG-1',
      'CSVDRL-BARE',
      'CSVDRL-KIT',
    ]);
    const [, , bare, kit] = rows;
    expect(kit![column('Product ID')]).toBe(bare![column('Product ID')]);
    expect(kit![column('Name')]).toBe('CSV Drill');
    expect(kit![column('Battery Platform')]).toBe('18V');
    expect(bare![column('Options')]).toBe('Voltage=18V;Kit=Bare tool');
    expect(kit![column('Options')]).toBe('Voltage=18V;Kit=2 x 5.0 Ah kit');
    expect(kit![column('Parts')]).toBe('CSVBAT-5AH*2;CSVCHG-1');
    expect(kit![column('Weight (g)')]).toBe('3100');
    expect(bare![column('Parts')]).toBe('');

    const before = await variants();
    const preview = await report('preview', csv);
    expect(preview.counts).toMatchObject({ create: 0, update: 0, error: 0 });
    const applied = await report('apply', csv);
    expect(applied.counts).toMatchObject({ create: 0, update: 0, error: 0 });
    expect(await variants()).toEqual(before);
  });

  it("updates a variant's columns and a kit's parts, and adds a variant to a product", async () => {
    const csv = edited(await exportCsv(), (rows) => {
      const mine = rows.filter((row) => row[column('SKU')]?.startsWith('CSV'));
      const kit = mine.find((row) => row[column('SKU')] === 'CSVDRL-KIT')!;
      kit[column('Parts')] = 'CSVBAT-5AH*3;CSVCHG-1*1';
      kit[column('Price')] = '329.00';
      const bare = mine.find((row) => row[column('SKU')] === 'CSVDRL-BARE')!;
      const twelve = [...bare];
      twelve[column('SKU')] = 'CSVDRL-12V';
      twelve[column('Options')] = 'Voltage=12V;Kit=Bare tool';
      twelve[column('Available Quantity')] = '3';
      return [...mine, twelve];
    });
    const applied = await report('apply', csv);
    expect(applied.counts).toMatchObject({ create: 1, update: 1, unchanged: 3, error: 0 });
    const stored = new Map((await variants()).map((v) => [v.sku, v]));
    expect(stored.get('CSVDRL-KIT')).toMatchObject({
      price_cents: 32900,
      parts: 'CSVBAT-5AH*3:true;CSVCHG-1*1:true',
    });
    expect(stored.get('CSVDRL-12V')).toMatchObject({
      product: 'CSV Drill',
      label: '12V · Bare tool',
      available_quantity: 3,
      position: 2,
    });
    const { rows: options } = await t.database.db.execute<{ options: unknown }>(
      sql`SELECT options FROM product WHERE name = 'CSV Drill'`,
    );
    expect(options[0]!.options).toEqual([
      { name: 'Voltage', values: ['18V', '12V'] },
      { name: 'Kit', values: ['Bare tool', '2 x 5.0 Ah kit'] },
    ]);
    // And that file exported again is unchanged.
    expect((await report('preview', await exportCsv())).counts).toMatchObject({
      create: 0,
      update: 0,
      error: 0,
    });
  });

  it('refuses rows that break the variant rules, naming each', async () => {
    const csv = await exportCsv();
    const cases: [(rows: string[][]) => string[][], string][] = [
      [
        (rows) => {
          rows.find((row) => row[column('SKU')] === 'CSVDRL-KIT')![column('Parts')] = 'NOPE-1';
          return rows;
        },
        importUnknownPartReason('NOPE-1'),
      ],
      [
        (rows) => {
          rows.find((row) => row[column('SKU')] === 'CSVDRL-BARE')![column('Parts')] = 'CSVDRL-KIT';
          return rows;
        },
        importPartIsKitReason('CSVDRL-KIT'),
      ],
      [
        (rows) => {
          rows.find((row) => row[column('SKU')] === 'CSVDRL-KIT')![column('Name')] = 'Other';
          return rows;
        },
        IMPORT_PRODUCT_COLUMNS_DIFFER_REASON,
      ],
      [
        (rows) => {
          // The charger's SKU on a row of the battery's product.
          const battery = rows.find((row) => row[column('SKU')] === 'CSVBAT-5AH')!;
          return [
            ...rows,
            [...battery].map((cell, i) => (i === column('SKU') ? 'CSVCHG-1' : cell)),
          ];
        },
        IMPORT_DUPLICATE_SKU_REASON,
      ],
      [
        (rows) => {
          const battery = rows.find((row) => row[column('SKU')] === 'CSVBAT-5AH')!;
          battery[column('SKU')] = 'CSVCHG-1';
          return rows.filter((row) => row[column('SKU')] !== 'CSVCHG-1' || row === battery);
        },
        IMPORT_SKU_OTHER_PRODUCT_REASON,
      ],
    ];
    for (const [edit, reason] of cases) {
      const preview = await report('preview', edited(csv, edit));
      expect(
        preview.rows.filter((row) => row.action === 'error').map((row) => row.reason),
        reason,
      ).toContain(reason);
    }
  });

  it('refuses a row whose variant changed since the export (its Version)', async () => {
    const csv = edited(await exportCsv(), (rows) => {
      rows.find((row) => row[column('SKU')] === 'CSVDRL-KIT')![column('Price')] = '1.00';
      return rows;
    });
    // A sale of the bare drill changes that variant only: only its row is refused.
    await t.database.db.execute(
      sql`UPDATE variant SET available_quantity = available_quantity - 1 WHERE sku = 'CSVDRL-BARE'`,
    );
    const preview = await report('preview', csv);
    const bare = preview.rows.find((row) => row.sku === 'CSVDRL-BARE')!;
    expect(bare).toMatchObject({ action: 'error', reason: IMPORT_CHANGED_REASON });
    expect(preview.rows.find((row) => row.sku === 'CSVDRL-KIT')).toMatchObject({
      action: 'update',
    });
    expect((await send('apply', csv)).statusCode).toBe(409);
  });
});

describe('product CSV: the Tax class column (issue 35)', () => {
  const taxClasses = async () =>
    new Map(
      (
        await t.database.db.execute<{ sku: string; tax_class: string }>(
          sql`SELECT sku, tax_class FROM variant WHERE sku LIKE 'CSVTAX%'`,
        )
      ).rows.map((row) => [row.sku, row.tax_class]),
    );
  const withTaxClass = (name: string, sku: string, taxClass: string) => {
    const cells = simple(name, sku, '10.00', '5', '100');
    cells[column('Tax class')] = taxClass;
    return cells;
  };

  it('is exported, sets the class, an empty cell is standard, a bad one is an error', async () => {
    const created = await report(
      'apply',
      file(
        withTaxClass('CSV Tax Book', 'CSVTAX-BOOK', 'Reduced'),
        withTaxClass('CSV Tax Gift', 'CSVTAX-GIFT', 'exempt'),
        withTaxClass('CSV Tax Saw', 'CSVTAX-SAW', ''),
      ),
    );
    expect(created.counts).toMatchObject({ create: 3, error: 0 });
    expect(await taxClasses()).toEqual(
      new Map([
        ['CSVTAX-BOOK', 'reduced'],
        ['CSVTAX-GIFT', 'exempt'],
        ['CSVTAX-SAW', 'standard'],
      ]),
    );
    const exported = parseCsv(await exportCsv())!.find(
      (cells) => cells[column('SKU')] === 'CSVTAX-BOOK',
    );
    expect(exported?.[column('Tax class')]).toBe('reduced');

    const csv = edited(await exportCsv(), (rows) => {
      const mine = rows.filter((row) => row[column('SKU')]?.startsWith('CSVTAX'));
      mine.find((row) => row[column('SKU')] === 'CSVTAX-SAW')![column('Tax class')] = 'zero';
      return mine;
    });
    const preview = await report('preview', csv);
    expect(preview.rows.find((row) => row.name === 'CSV Tax Saw')).toMatchObject({
      action: 'error',
      reason: IMPORT_TAX_CLASS_REASON,
    });
  });

  it("an older file without the column imports and keeps each variant's class", async () => {
    const older = edited(await exportCsv(), (rows, header) => {
      const at = column('Tax class');
      header.splice(at, 1);
      return rows
        .filter((row) => row[column('SKU')]?.startsWith('CSVTAX'))
        .map((row) => {
          if (row[column('SKU')] === 'CSVTAX-GIFT') row[column('Price')] = '12.00';
          return row.filter((_cell, i) => i !== at);
        });
    });
    const applied = await report('apply', older);
    expect(applied.counts).toMatchObject({ update: 1, unchanged: 2, error: 0 });
    expect(await taxClasses()).toEqual(
      new Map([
        ['CSVTAX-BOOK', 'reduced'],
        ['CSVTAX-GIFT', 'exempt'],
        ['CSVTAX-SAW', 'standard'],
      ]),
    );
  });
});
