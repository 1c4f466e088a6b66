import { DocumentTitle } from '../../components/document-title.tsx';
import { BlogsPage } from '../../features/pages/components/blogs-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function BlogsRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.blogs.title}
        description="Notes from the Toolhouse web team: how the shop is built with React, and what we learned along the way."
      />
      <BlogsPage />
    </>
  );
}
