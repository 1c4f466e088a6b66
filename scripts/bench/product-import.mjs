import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Product import (issue 26): 10,000 rows applied in one POST /api/product-import/apply (5,000
// updates of exported products and 5,000 new ones, every column filled: category, platform,
// battery, price breaks, more images too), timed from request to answer. Target: <= 10 s.
// Part of `npm run bench` (BENCH_ONLY=import).
//
// Issue 34: the file is an old-style one (one row per product, no SKU column; its price, minimum
// and stock are the product's default variant's), which the import keeps accepting alongside
// files of one row per variant. Its header is written here, not copied from the export, so the
// rows' cells stay in their columns whatever columns the export adds.

/** The product export's columns before variants (issues 26, 23, 24), in order. */
const OLD_HEADER = [
  'Product ID',
  'Name',
  'Price',
  'Description',
  'Min Order Quantity',
  'Available Quantity',
  'Image',
  'Created',
  'Version',
  'Category',
  'Battery Platform',
  'Battery Included',
  'Price Breaks',
  'More Images',
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROWS = 10_000;
const TARGET_S = 10;

const quote = (cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const line = (cells) => `${cells.map((cell) => quote(String(cell))).join(',')}\r\n`;

/** An admin's bearer token: a fresh account, made an admin straight in the database. */
async function adminToken(base, pool) {
  const email = `benchimport${Date.now().toString(36)}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench Importer', email, password: 'Bench#Secret123' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await pool.query(`UPDATE "user" SET role = 'admin' WHERE email = $1`, [email]);
  const exchange = await fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${(await signUp.json()).token}`, origin: base },
  });
  if (!exchange.ok) throw new Error(`token exchange failed: ${exchange.status}`);
  return (await exchange.json()).token;
}

export async function benchProductImport({ base, pool, row, seedTo }) {
  const half = ROWS / 2;
  await seedTo(half);
  const token = await adminToken(base, pool);
  const headers = { authorization: `Bearer ${token}`, origin: base };
  // Each product's Version as the export writes it (what the import checks): its first row, the
  // default variant's when the export writes one row per variant.
  const exported = await fetch(`${base}/api/products.csv`, { headers });
  if (!exported.ok) throw new Error(`export failed: ${exported.status}`);
  const { parseCsv } = await import(
    pathToFileURL(join(root, 'dist/node/server/modules/csv/index.js')).href
  );
  const [exportHeader, ...exportRows] = parseCsv((await exported.text()).replace(/^\uFEFF/, ''));
  const [idAt, versionAt] = ['Product ID', 'Version'].map((name) => exportHeader.indexOf(name));
  const versions = new Map();
  for (const cells of exportRows)
    if (!versions.has(cells[idAt])) versions.set(cells[idAt], cells[versionAt]);
  // Rows as the export writes them: a product with its default variant's price, minimum, stock and
  // breaks.
  const header = line(OLD_HEADER).slice(0, -2);
  const { rows: products } = await pool.query(
    `SELECT p.id, p.name, p.price_cents, p.description, p.min_quantity, p.available_quantity,
       p.image_url, c.slug, p.platform, p.battery_included, p.price_breaks, p.images
     FROM product_offer p LEFT JOIN category c ON c.id = p.category_id ORDER BY p.seq LIMIT $1`,
    [half],
  );
  const image = products[0].image_url; // a path of the shop's own: the import takes it
  const { rows: categories } = await pool.query('SELECT slug FROM category ORDER BY slug LIMIT 1');
  const slug = categories[0]?.slug ?? '';
  const breaks = (list) =>
    list.map((b) => `${b.minQuantity}:${(b.priceCents / 100).toFixed(2)}`).join(';');
  const updates = products.map((p) =>
    line([
      p.id,
      p.name,
      ((p.price_cents + 100) / 100).toFixed(2),
      p.description,
      p.min_quantity,
      p.available_quantity,
      p.image_url,
      '',
      versions.get(p.id),
      p.slug ?? '',
      p.platform ?? '',
      p.battery_included ? 'yes' : 'no',
      breaks(p.price_breaks),
      p.images.join(';'),
    ]),
  );
  const creates = Array.from({ length: ROWS - updates.length }, (_, i) =>
    line([
      '',
      `Imported Tool ${i}`,
      '49.90',
      'Added by the import bench',
      1,
      100,
      image,
      '',
      '',
      slug,
      '18V',
      'yes',
      '10:45.00;50:40.00',
      `${image};${image}`,
    ]),
  );
  const csv = `${header}\r\n${updates.join('')}${creates.join('')}`;
  console.log(
    `POST /api/product-import/apply with ${ROWS} rows (${(csv.length / 1024).toFixed(0)} KB)…`,
  );
  const started = performance.now();
  const res = await fetch(`${base}/api/product-import/apply`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ csv }),
  });
  const seconds = (performance.now() - started) / 1000;
  const report = await res.json();
  if (!res.ok)
    throw new Error(`import refused: ${res.status} ${JSON.stringify(report).slice(0, 500)}`);
  const { counts } = report;
  row(
    `Product import, ${ROWS} rows (apply)`,
    `${seconds.toFixed(2)} s (${counts.update} updated, ${counts.create} created)`,
    'one transaction, set-based UPDATE/INSERT',
    `<= ${TARGET_S} s: ${seconds <= TARGET_S ? 'met' : 'MISSED'}`,
  );
}
