import { DocumentTitle } from '../../components/document-title.tsx';
import { BlogsPage } from '../../features/pages/components/blogs-page.tsx';

export default function BlogsRoute() {
  return (
    <>
      <DocumentTitle
        title="Blogs"
        description="Notes from the Toolhouse web team: how the shop is built with React, and what we learned along the way."
      />
      <BlogsPage />
    </>
  );
}
