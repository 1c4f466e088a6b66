import { Link } from 'react-router';
import { pageLink } from '../lib/search-url.ts';

interface SearchPaginationProps {
  params: URLSearchParams;
  page: number;
  pages: number;
}

/** Previous and next page as real links (they work before the script runs, and open in a tab). */
export function SearchPagination({ params, page, pages }: SearchPaginationProps) {
  if (pages <= 1 && page === 1) return null;
  return (
    <nav aria-label="Pages" className="mt-10 grid grid-cols-3 items-center gap-2">
      <div>
        {page > 1 && (
          <Link to={pageLink(params, Math.min(page - 1, pages))} className="btn" rel="prev">
            Previous page
          </Link>
        )}
      </div>
      <p className="text-center">
        Page {page} of {pages}
      </p>
      <div className="text-right">
        {page < pages && (
          <Link to={pageLink(params, page + 1)} className="btn" rel="next">
            Next page
          </Link>
        )}
      </div>
    </nav>
  );
}
