import { DocumentTitle } from '../../components/document-title.tsx';
import { BlogsPage } from '../../features/pages/components/blogs-page.tsx';

export default function BlogsRoute() {
  return (
    <>
      <DocumentTitle title="Blogs" />
      <BlogsPage />
    </>
  );
}
