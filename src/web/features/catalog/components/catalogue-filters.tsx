import { BATTERY_PLATFORMS } from '../../../../shared/product.ts';
import type { ProductSearch } from '../../../../shared/product-search.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useCategories } from '../../../api/categories.ts';
import { setCategory, setPlatform, type SearchUpdate } from '../lib/search-url.ts';

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
    </div>
  );
}
