import { Link } from 'react-router';
import { pageRoutes } from '../../../shared/page-routes.ts';
import { useCategories } from '../../api/categories.ts';

/** The navbar's category links, loaded once the page is live (issue 24). */
export function CategoriesMenu({ onNavigate }: { onNavigate: () => void }) {
  const categories = useCategories();
  if (categories.isPending)
    return (
      <li>
        <span className="loading loading-spinner loading-sm" aria-label="Loading categories" />
      </li>
    );
  return (
    <>
      {categories.data?.map((category) => (
        <li key={category._id}>
          <Link to={pageRoutes.category.href({ slug: category.slug })} onClick={onNavigate}>
            {category.name}
          </Link>
        </li>
      ))}
    </>
  );
}
