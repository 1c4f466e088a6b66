import { NewsletterForm } from './newsletter-form.tsx';

export function NewsletterSignup() {
  return (
    <section aria-labelledby="newsletter-heading" className="px-4 pb-16">
      <div className="mx-auto max-w-3xl rounded-box border border-base-300 border-t-4 border-t-primary bg-base-200 px-6 py-10 text-center sm:px-10">
        <h2 id="newsletter-heading" className="text-3xl font-bold">
          Get news from the workshop
        </h2>
        <p className="mt-2 mb-6">
          New tools, how-to guides and offers from Toolhouse, straight to your inbox.
        </p>
        <NewsletterForm />
      </div>
    </section>
  );
}
