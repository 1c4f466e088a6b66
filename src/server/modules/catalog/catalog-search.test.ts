import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ProductSearchResultSchema } from '../../../shared/product-search.ts';
import { ProductSchema } from '../../../shared/product.ts';
import { product, variant } from '../../db/schema.ts';
import { seedProducts } from '../../db/seed/catalogue.ts';
import { afterDirectWrite, createProduct } from '../../testing/factories.ts';
import { setUpTestApp } from '../../testing/test-app.ts';

const t = setUpTestApp();

/** A product's fields in the contract: no internal column may leak. */
const CONTRACT_FIELDS = Object.keys(ProductSchema.shape).sort();

async function search(query: string) {
  const res = await t.app.inject(`/api/products/search${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ProductSearchResultSchema.parse(res.json());
}
const names = (result: { items: { name: string }[] }) => result.items.map((p) => p.name);
const newestFirst = () => seedProducts.map((p) => p.name).reverse();

describe('GET /api/products/search', () => {
  it('without parameters: the first 24, newest first, with the total and the paging', async () => {
    const result = await search('');
    expect(result).toMatchObject({ total: seedProducts.length, page: 1, pageSize: 24 });
    expect(names(result)).toEqual(newestFirst());
    expect(result.items[0]).toMatchObject({ price: 59, minQuantity: 10, availableQuantity: 520 });
    expect(Object.keys(result.items[0]!).sort()).toEqual(CONTRACT_FIELDS);
  });

  describe('q', () => {
    it('finds words in the name, across stems (drills, drilling -> drill)', async () => {
      for (const q of ['drill', 'drills', 'DRILLING']) {
        expect(names(await search(`?q=${q}`))).toEqual(
          expect.arrayContaining(['20V Cordless Drill/Driver', 'Brushless Hammer Drill']),
        );
      }
    });

    it('finds words of the description too', async () => {
      const described = seedProducts.find((p) => p.description.includes('dust'));
      expect(described).toBeDefined();
      expect(names(await search('?q=dust'))).toContain(described!.name);
    });

    it('matches prefixes as the customer types', async () => {
      expect(names(await search('?q=grin'))).toContain('4-1/2" Angle Grinder');
    });

    it('forgives a typo (trigram similarity on the name)', async () => {
      expect(names(await search('?q=grindr'))).toContain('4-1/2" Angle Grinder');
      expect(names(await search('?q=hamer%20dril'))).toContain('Brushless Hammer Drill');
      expect(names(await search('?q=cordles%20drill'))).toContain('20V Cordless Drill/Driver');
    });

    it('needs every word: more words, fewer results', async () => {
      const hammer = await search('?q=hammer');
      const hammerDrill = await search('?q=hammer%20drill');
      expect(names(hammerDrill)).toContain('Brushless Hammer Drill');
      expect(names(hammer)).toEqual(expect.arrayContaining(names(hammerDrill)));
      expect(hammerDrill.total).toBeLessThan((await search('?q=drill')).total);
    });

    it('treats SQL and tsquery syntax as plain text', async () => {
      for (const q of ["' or 1=1 --", 'drill & | ! :* ()', '%_\\', '🔧', 'the', 'a', 'x']) {
        const res = await t.app.inject(`/api/products/search?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, q).toBe(200);
      }
      expect(names(await search(`?q=${encodeURIComponent('drill & | !')}`))).toContain(
        'Brushless Hammer Drill',
      );
    });

    it('answers an empty list for no match', async () => {
      expect(await search('?q=xylophone')).toMatchObject({ items: [], total: 0, page: 1 });
    });
  });

  describe('sort', () => {
    it.each([
      ['price_asc', (a: number, b: number) => a - b],
      ['price_desc', (a: number, b: number) => b - a],
    ] as const)('%s orders by price', async (sort, compare) => {
      const prices = (await search(`?sort=${sort}`)).items.map((p) => p.price);
      expect(prices).toEqual([...prices].sort(compare));
      expect(prices).toHaveLength(seedProducts.length);
    });

    it('name orders A to Z, ignoring case', async () => {
      const listed = names(await search('?sort=name'));
      expect(listed).toEqual(
        [...listed].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );
    });

    it('newest and relevance without a query are newest first', async () => {
      expect(names(await search('?sort=newest'))).toEqual(newestFirst());
      expect(names(await search('?sort=relevance'))).toEqual(newestFirst());
    });

    it('applies to search results', async () => {
      const prices = (await search('?q=saw&sort=price_desc')).items.map((p) => p.price);
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });
  });

  describe('filters', () => {
    it('minPrice and maxPrice bound the price in dollars (inclusive)', async () => {
      const result = await search('?minPrice=99&maxPrice=149');
      expect(result.items.length).toBeGreaterThan(0);
      for (const p of result.items) expect(p.price).toBeGreaterThanOrEqual(99);
      for (const p of result.items) expect(p.price).toBeLessThanOrEqual(149);
      expect(names(result)).toEqual(expect.arrayContaining(['4-1/2" Angle Grinder']));
      expect(result.total).toBe(
        seedProducts.filter((p) => p.priceCents >= 9900 && p.priceCents <= 14900).length,
      );
      expect((await search('?minPrice=129.5')).items.every((p) => p.price >= 129.5)).toBe(true);
    });

    it('combine with a query, a sort and paging', async () => {
      const result = await search('?q=saw&minPrice=100&inStock=1&sort=price_asc&pageSize=2&page=1');
      expect(result.pageSize).toBe(2);
      expect(result.items.length).toBeLessThanOrEqual(2);
      expect(result.total).toBeGreaterThanOrEqual(result.items.length);
      for (const p of result.items) expect(p.price).toBeGreaterThanOrEqual(100);
      const prices = result.items.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });
  });

  describe('paging', () => {
    it('pages follow each other without gaps or repeats', async () => {
      const all = names(await search('?pageSize=100'));
      const pages = [];
      for (let page = 1; (page - 1) * 5 < all.length; page += 1) {
        const result = await search(`?pageSize=5&page=${page}`);
        expect(result.total).toBe(all.length);
        pages.push(...names(result));
      }
      expect(pages).toEqual(all);
    });

    it('a page past the end is empty but still tells the total', async () => {
      expect(await search('?page=50')).toMatchObject({ items: [], page: 50, pageSize: 24 });
      expect((await search('?page=50')).total).toBeGreaterThanOrEqual(seedProducts.length);
    });

    it('accepts the bounds: pageSize 1 and 100, page 1000', async () => {
      expect((await search('?pageSize=1')).items).toHaveLength(1);
      expect((await search('?pageSize=100')).pageSize).toBe(100);
      expect((await search('?page=1000')).page).toBe(1000);
    });
  });

  it.each([
    ['sort', 'sort=cheapest'],
    ['page', 'page=0'],
    ['page', 'page=-1'],
    ['page', 'page=1.5'],
    ['page', 'page=abc'],
    ['page', 'page=1001'],
    ['pageSize', 'pageSize=0'],
    ['pageSize', 'pageSize=101'],
    ['minPrice', 'minPrice=-5'],
    ['minPrice', 'minPrice=cheap'],
    ['minPrice', 'minPrice=1.005'],
    ['maxPrice', 'maxPrice=99999999'],
    ['maxPrice', 'minPrice=100&maxPrice=50'],
    ['inStock', 'inStock=yes'],
    ['q', `q=${'x'.repeat(101)}`],
    ['q', 'q=a&q=b'],
  ])('answers 400 in the one error shape for a bad %s (%s)', async (field, query) => {
    const res = await t.app.inject(`/api/products/search?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', requestId: expect.any(String) });
    expect(body.fields).toHaveProperty(field);
    expect(body).not.toHaveProperty('stack');
  });

  // Tests from here on add products.
  it('inStock keeps the products that can be ordered now', async () => {
    const soldOut = await createProduct(t.database.db, {
      name: 'Sold Out Planer',
      availableQuantity: 0,
    });
    const tooFew = await createProduct(t.database.db, {
      name: 'Nearly Gone Planer',
      minQuantity: 5,
      availableQuantity: 4,
    });
    const inStock = await createProduct(t.database.db, { name: 'Stocked Planer' });
    for (const flag of ['1', 'true']) {
      const found = await search(`?q=planer&inStock=${flag}`);
      expect(found.items.map((p) => p._id)).toEqual([inStock.id]);
    }
    const all = await search('?q=planer&inStock=0');
    expect(all.items.map((p) => p._id).sort()).toEqual([soldOut.id, tooFew.id, inStock.id].sort());
  });

  it('ranks an exact name match first', async () => {
    await createProduct(t.database.db, { name: 'Saw Blade Saw Saw' });
    const result = await search('?q=reciprocating%20saw');
    expect(names(result)[0]).toBe('Reciprocating Saw');
    expect(names(await search('?q=saw'))[0]).not.toBe('Reciprocating Saw');
    const exact = await search('?q=orbital%20JIGSAW');
    expect(names(exact)[0]).toBe('Orbital Jigsaw');
  });

  describe('by SKU and option values (issue 34)', () => {
    /** A product of its own with variants of the given SKUs and option values. */
    async function productWithVariants(
      name: string,
      variants: { sku: string; optionValues: Record<string, string> }[],
    ) {
      const [made] = await t.database.db
        .insert(product)
        .values({ name, imageUrl: `/images/${'0'.repeat(64)}.webp` })
        .returning({ id: product.id });
      await t.database.db.insert(variant).values(
        variants.map((one, position) => ({
          productId: made!.id,
          ...one,
          position,
          priceCents: 10_000,
          minQuantity: 1,
          availableQuantity: 10,
        })),
      );
      await afterDirectWrite();
      return made!.id;
    }

    it('finds a seeded kit by its SKU, and the seeded 12V tool by its option value', async () => {
      expect(names(await search('?q=th-hd20-k2'))[0]).toBe('Brushless Hammer Drill');
      // Alone, an exact SKU answers its product only (one index lookup); with a filter or a sort
      // it is the first of the usual matches.
      expect(await search('?q=TH-HD20-K2')).toMatchObject({ total: 1 });
      expect(names(await search('?q=TH-HD20-K2&category=drills-drivers'))[0]).toBe(
        'Brushless Hammer Drill',
      );
      expect(names(await search('?q=TH-ID12-B'))[0]).toBe('1/4" Impact Driver');
      expect(names(await search('?option=Voltage:12V'))).toContain('1/4" Impact Driver');
      expect(names(await search('?option=Voltage:12V'))).not.toContain('Brushless Hammer Drill');
    });

    it('finds the product of an exact SKU first, whatever its case', async () => {
      // A product named with words that also match the SKU's words ranks below the SKU's own.
      await createProduct(t.database.db, { name: 'Impact Driver IMP 18V K2 Special' });
      const impact = await productWithVariants('Compact Impact Wrench', [
        { sku: 'IMP-12V-BARE', optionValues: { Voltage: '12V' } },
        { sku: 'IMP-18V-K2', optionValues: { Voltage: '18V' } },
      ]);
      for (const q of ['IMP-18V-K2', 'imp-18v-k2']) {
        const found = await search(`?q=${q}`);
        expect(found.items[0]?._id, q).toBe(impact);
      }
      // Not a SKU's prefix: only an exact SKU counts.
      expect((await search('?q=IMP-18V')).items.map((p) => p._id)).not.toContain(impact);
    });

    it('filters by an option value (name and value in any case), alone or with a query', async () => {
      const twelve = await productWithVariants('Option Test Rotary Tool', [
        { sku: 'OPT-ROT-12', optionValues: { Voltage: '12V' } },
      ]);
      const both = await productWithVariants('Option Test Multi Tool', [
        { sku: 'OPT-MUL-12', optionValues: { Voltage: '12V' } },
        { sku: 'OPT-MUL-18', optionValues: { Voltage: '18V', Kit: 'Bare tool' } },
      ]);
      const ids = async (query: string) => (await search(query)).items.map((p) => p._id).sort();
      // Other tests' products have 18V variants too: the query keeps to this test's.
      expect(await ids('?q=option%20test&option=Voltage:18V')).toEqual([both]);
      expect(await ids('?option=voltage:18v&q=option%20test')).toEqual([both]);
      expect(await ids('?option=Voltage:12V&q=option%20test')).toEqual([twelve, both].sort());
      expect(await ids('?q=option%20test&option=Kit:Bare%20tool')).toEqual([both]);
      expect(await ids('?q=option%20test&option=Voltage:36V')).toEqual([]);
      expect(await ids('?q=option%20test')).toEqual([twelve, both].sort());
      const refused = await t.app.inject('/api/products/search?option=Voltage');
      expect(refused.statusCode).toBe(400);
    });
  });

  it('leaves deleted products out once the freshness bound has passed', async () => {
    const doomed = await createProduct(t.database.db, { name: 'Doomed Bandsaw' });
    expect(names(await search('?q=bandsaw'))).toEqual(['Doomed Bandsaw']);
    await t.database.db.delete(product).where(eq(product.id, doomed.id));
    await afterDirectWrite();
    expect(await search('?q=bandsaw')).toMatchObject({ items: [], total: 0 });
  });

  // Written straight to the database (not through the API, whose answers wait out the bound):
  // seen within the data freshness bound (docs/decisions/016), so the checks poll for it.
  it('sees every product write within the freshness bound (answers are cached per catalogue version)', async () => {
    const added = await createProduct(t.database.db, { name: 'Cached Tile Cutter' });
    await expect.poll(async () => (await search('?q=tile%20cutter')).items[0]?.price).toBe(129.99);
    await t.database.db
      .update(variant)
      .set({ priceCents: 5000 })
      .where(eq(variant.productId, added.id));
    await expect.poll(async () => (await search('?q=tile%20cutter')).items[0]?.price).toBe(50);
  });

  it('sends an entity tag and answers 304 while the catalogue is unchanged', async () => {
    const first = await t.app.inject('/api/products/search?q=saw');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"s-/);
    const again = await t.app.inject({
      url: '/api/products/search?q=saw',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const other = await t.app.inject('/api/products/search?q=drill');
    expect(other.headers.etag).not.toBe(etag);
    await createProduct(t.database.db, { name: 'Etag Breaker' });
    const changed = () =>
      t.app.inject({ url: '/api/products/search?q=saw', headers: { 'if-none-match': etag } });
    await expect.poll(async () => (await changed()).statusCode).toBe(200);
  });

  it('keeps GET /api/products the whole array, and GET /api/products/{id} working', async () => {
    const list = (await t.app.inject('/api/products')).json();
    expect(Array.isArray(list)).toBe(true);
    const one = await t.app.inject(`/api/products/${list[0]._id}`);
    expect(one.statusCode).toBe(200);
  });
});
