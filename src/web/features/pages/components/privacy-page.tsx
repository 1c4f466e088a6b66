import { Link } from 'react-router';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../../../shared/constants.ts';
import { LegalPage } from './legal-page.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        We collect only what we need to run the shop, we do not sell it, and we do not use
        advertising or tracking cookies.
      </p>
      <section className="space-y-3">
        <h2>What we store</h2>
        <ul>
          <li>Your account: name, email address and a securely hashed password.</li>
          <li>
            Your orders: the products, quantities, prices, delivery address and phone number you
            enter, and the payment status.
          </li>
          <li>Your profile details, if you fill them in, and the reviews you post.</li>
          <li>Messages you send through the contact form.</li>
          <li>Your email address, if you subscribe to the newsletter.</li>
        </ul>
      </section>
      <section className="space-y-3">
        <h2>In your browser</h2>
        <p>
          When you sign in, the shop keeps a sign-in token in your browser&apos;s local storage
          under the name <code>{ACCESS_TOKEN_STORAGE_KEY}</code> so that you stay signed in. Signing
          out removes it.
        </p>
      </section>
      <section className="space-y-3">
        <h2>Who else sees your data</h2>
        <ul>
          <li>Our payment provider processes your card details; we never store card numbers.</li>
          <li>
            If you sign in with Google or Facebook, that service tells us your name and email
            address.
          </li>
          <li>
            The map on the home page loads its images from a map tile service, which receives your
            IP address like any website you visit.
          </li>
        </ul>
      </section>
      <section className="space-y-3">
        <h2>Your choices</h2>
        <p>
          You can ask us to show, correct or delete the personal data we hold about you.{' '}
          <Link to={pageRoutes.contact.href()} className="link">
            Contact us
          </Link>{' '}
          and we will reply.
        </p>
      </section>
    </LegalPage>
  );
}
