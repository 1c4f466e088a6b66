import { Link } from 'react-router';
import { pageRoutes } from '../../../../shared/page-routes.ts';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p className="text-7xl font-black text-stone-600" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{"Oops! The page you're looking for isn't here."}</h1>
      <Link to={pageRoutes.home.href()} className="btn btn-primary">
        Back to homepage
      </Link>
    </div>
  );
}
