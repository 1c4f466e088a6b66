import { DocumentTitle } from '../../components/document-title.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ContactRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.contact.title}
        description="Questions about a tool, an order or a partnership? Write to Toolhouse and we will get back to you by email."
      />
      <div className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="text-4xl font-bold">Contact Us</h1>
        <p className="mt-3 mb-8 text-lg">
          Questions about a tool, an order or a partnership? Write to us and we will get back to you
          by email.
        </p>
        <ContactForm />
      </div>
    </>
  );
}
