import { Link } from 'react-router';
import { LegalPage } from './legal-page.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms explain how the Toolhouse online shop works. By browsing the shop or placing an
        order you agree to them. They are written to be read, so they are short.
      </p>
      <section className="space-y-3">
        <h2>Your account</h2>
        <p>
          You need an account to order. Keep your password to yourself; you are responsible for
          orders placed with your account. Tell us through the contact page if you think someone
          else has used it.
        </p>
      </section>
      <section className="space-y-3">
        <h2>Orders and prices</h2>
        <ul>
          <li>Prices are shown in US dollars on each product.</li>
          <li>
            Each product has a minimum order quantity, and you cannot order more than is in stock.
          </li>
          <li>
            An order is confirmed once it is paid. Until then you can cancel it from your dashboard.
          </li>
          <li>Paid orders are shipped by us and marked as shipped when they leave.</li>
        </ul>
      </section>
      <section className="space-y-3">
        <h2>Payments</h2>
        <p>
          Card payments are handled by our payment provider. We never see or store your full card
          number.
        </p>
      </section>
      <section className="space-y-3">
        <h2>Reviews and messages</h2>
        <p>
          Reviews and messages you send must be your own and must not be abusive or unlawful. We may
          remove content that breaks this rule.
        </p>
      </section>
      <section className="space-y-3">
        <h2>Questions</h2>
        <p>
          If anything here is unclear,{' '}
          <Link to={pageRoutes.contact.href()} className="link">
            contact us
          </Link>{' '}
          and we will answer.
        </p>
      </section>
    </LegalPage>
  );
}
