import { BATTERY_PLATFORMS, type Product } from '../../../../shared/product.ts';
import { parseOptionFilter, type ProductSearch } from '../../../../shared/product-search.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useCategories } from '../../../api/categories.ts';
import { useProductSearch } from '../api/search-products.ts';
import { setCategory, setOption, setPlatform, type SearchUpdate } from '../lib/search-url.ts';

/**
 * Issue 34: the option values to filter by: those of the products shown (their variants'
 * options, e.g. Voltage: 12V, 18V), by option name in the order first met, and the filter in the
 * URL even when no product shown has it.
 */
export function optionChoices(
  products: readonly Pick<Product, 'options'>[],
  current: string | undefined,
): { name: string; values: string[] }[] {
  const byName = new Map<string, string[]>();
  const add = (name: string, value: string) => {
    const values = byName.get(name) ?? [];
    if (!values.includes(value)) values.push(value);
    byName.set(name, values);
  };
  for (const product of products)
    for (const option of product.options)
      for (const value of option.values) add(option.name, value);
  const chosen = current === undefined ? null : parseOptionFilter(current);
  if (chosen && selectedOption([...byName], current) === undefined) add(chosen.name, chosen.value);
  return [...byName].map(([name, values]) => ({ name, values }));
}

/** The choice among `options` the filter `current` means (matched whatever its case). */
function selectedOption(
  options: readonly (readonly [string, readonly string[]])[],
  current: string | undefined,
): string | undefined {
  const wanted = current?.toLowerCase();
  return options
    .flatMap(([name, values]) => values.map((value) => `${name}:${value}`))
    .find((choice) => choice.toLowerCase() === wanted);
}

/**
 * Category and battery platform filters (issue 24), kept in the URL like the others. On a
 * category's own page (`fixedCategory`) only the platform is offered.
 */
export function CatalogueFilters({
  search,
  onUpdate,
  fixedCategory = false,
}: {
  search: ProductSearch;
  onUpdate: (updates: SearchUpdate[]) => void;
  fixedCategory?: boolean;
}) {
  const categories = useCategories();
  // The answer the results show (the same query, so no second request).
  const shown = useProductSearch(search).data?.items ?? [];
  const options = optionChoices(shown, search.option);
  const platforms =
    search.platform === undefined || BATTERY_PLATFORMS.includes(search.platform)
      ? BATTERY_PLATFORMS
      : [...BATTERY_PLATFORMS, search.platform];
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
      {!fixedCategory && (
        <FormField label="Category">
          {(control) => (
            <select
              {...control}
              name="category"
              className="select w-full"
              value={search.category ?? ''}
              onChange={(event) => onUpdate([setCategory(event.target.value)])}
            >
              <option value="">All categories</option>
              {categories.data?.map((category) => (
                <option key={category._id} value={category.slug}>
                  {category.name} ({category.productCount})
                </option>
              ))}
              {search.category !== undefined &&
                !categories.data?.some((category) => category.slug === search.category) && (
                  <option value={search.category}>{search.category}</option>
                )}
            </select>
          )}
        </FormField>
      )}
      <FormField label="Battery platform">
        {(control) => (
          <select
            {...control}
            name="platform"
            className="select w-full"
            value={search.platform ?? ''}
            onChange={(event) => onUpdate([setPlatform(event.target.value)])}
          >
            <option value="">Any platform</option>
            {platforms.map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {options.length > 0 && (
        <FormField label="Option">
          {(control) => (
            <select
              {...control}
              name="option"
              className="select w-full"
              value={
                selectedOption(
                  options.map((option) => [option.name, option.values] as const),
                  search.option,
                ) ?? ''
              }
              onChange={(event) => onUpdate([setOption(event.target.value)])}
            >
              <option value="">Any option</option>
              {options.map((option) => (
                <optgroup key={option.name} label={option.name}>
                  {option.values.map((value) => (
                    <option key={value} value={`${option.name}:${value}`}>
                      {option.name}: {value}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </FormField>
      )}
    </div>
  );
}
