import { useId, type FormEvent, type Ref } from 'react';
import type { ProductSearch } from '../../../../shared/product-search.ts';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUrlBackedChoice, useUrlBackedText } from '../hooks/use-url-backed-text.ts';
import {
  isProductSort,
  priceErrors,
  priceText,
  samePriceRange,
  sameQuery,
  setInStock,
  setPrice,
  setQuery,
  setSort,
  type SearchUpdate,
} from '../lib/search-url.ts';

export const SORT_LABELS = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name: A to Z',
} as const;

interface SearchFormProps {
  search: ProductSearch;
  /** Applies changes to the URL; `replace` for a refinement of the same typing. */
  onUpdate: (updates: SearchUpdate[], options?: { replace?: boolean }) => void;
  searchBoxRef?: Ref<HTMLInputElement>;
}

/** The search box, sort and filters of /allProducts; every value lives in the URL. */
export function SearchForm({ search, onUpdate, searchBoxRef }: SearchFormProps) {
  const inStockId = useId();
  const [sort, setSortChoice] = useUrlBackedChoice(search.sort);
  const [inStock, setInStockChoice] = useUrlBackedChoice(search.inStock);
  const query = useUrlBackedText(
    search.q,
    (text) => {
      const q = text.trim();
      // Typing on in the same word replaces the history entry: back goes to the previous search,
      // not to every pause of the typing.
      const refining =
        search.q !== '' && q !== '' && (q.startsWith(search.q) || search.q.startsWith(q));
      onUpdate([setQuery(text)], { replace: refining });
    },
    sameQuery,
  );
  const prices = useUrlBackedText(
    { min: priceText(search.minPrice), max: priceText(search.maxPrice) },
    (range) => {
      const invalid = priceErrors(range.min, range.max);
      if (invalid.min || invalid.max) return;
      onUpdate([setPrice('minPrice', range.min), setPrice('maxPrice', range.max)]);
    },
    samePriceRange,
    samePriceRange,
  );
  const errors = priceErrors(prices.text.min, prices.text.max);

  /** Enter: everything typed applies at once, without waiting for the pause. */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const updates = [setQuery(query.text)];
    if (!errors.min && !errors.max) {
      updates.push(setPrice('minPrice', prices.text.min), setPrice('maxPrice', prices.text.max));
    }
    onUpdate(updates);
  }

  const sorts = search.q === '' ? (['newest', 'price_asc', 'price_desc', 'name'] as const) : null;

  return (
    <form
      role="search"
      aria-label="Products"
      onSubmit={submit}
      className="mb-6 grid grid-cols-2 gap-4 rounded-box border border-base-300 bg-base-100 p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-start"
    >
      {/* On a phone: search and sort full width, the price range side by side. */}
      <div className="col-span-2 lg:col-span-1">
        <TextField
          label="Search products"
          ref={searchBoxRef}
          type="search"
          name="q"
          value={query.text}
          onChange={(event) => query.setText(event.target.value)}
          placeholder="Drill, saw, battery…"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
        />
      </div>
      <div className="col-span-2 lg:col-span-1">
        <FormField label="Sort by">
          {(control) => (
            <select
              {...control}
              name="sort"
              className="select w-full"
              value={sort}
              onChange={(event) => {
                const chosen = event.target.value;
                if (!isProductSort(chosen)) return;
                setSortChoice(chosen);
                onUpdate([setSort(chosen)]);
              }}
            >
              {(sorts ?? (Object.keys(SORT_LABELS) as (keyof typeof SORT_LABELS)[])).map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <TextField
        label="Min price ($)"
        type="text"
        inputMode="decimal"
        name="minPrice"
        value={prices.text.min}
        onChange={(event) => prices.setText({ ...prices.text, min: event.target.value })}
        error={errors.min}
        autoComplete="off"
      />
      <TextField
        label="Max price ($)"
        type="text"
        inputMode="decimal"
        name="maxPrice"
        value={prices.text.max}
        onChange={(event) => prices.setText({ ...prices.text, max: event.target.value })}
        error={errors.max}
        autoComplete="off"
      />
      <div className="col-span-2 flex flex-wrap items-center gap-x-6 gap-y-3 lg:col-span-1 lg:mt-8">
        <div className="flex items-center gap-2">
          <input
            id={inStockId}
            type="checkbox"
            className="checkbox"
            checked={inStock}
            onChange={(event) => {
              setInStockChoice(event.target.checked);
              onUpdate([setInStock(event.target.checked)]);
            }}
          />
          <label htmlFor={inStockId} className="font-medium">
            In stock only
          </label>
        </div>
        {/* Enter in any field applies it at once (a form submits on Enter only with a button). */}
        <button type="submit" className="btn btn-neutral">
          Search
        </button>
      </div>
    </form>
  );
}
