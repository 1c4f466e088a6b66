import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

// Contact Us and the newsletter: the spec leaves their behaviour open; ours stores them
// (spec section 10). The same schemas validate the forms and the API.

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;

const emailField = singleLineText('Email', { required: 'Email is required' })
  .max(CONTACT_EMAIL_MAX, 'Provide a valid Email')
  .pipe(z.email('Provide a valid Email'))
  .transform((email) => email.toLowerCase());

export const ContactBodySchema = z.object({
  name: singleLineText('Name', { required: 'Name is required' }).max(
    CONTACT_NAME_MAX,
    `Name must be at most ${CONTACT_NAME_MAX} characters`,
  ),
  email: emailField,
  message: multiLineText('Message', { required: 'Message is required' }).max(
    CONTACT_MESSAGE_MAX,
    `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
  ),
});

export const ContactResponseSchema = z.object({ received: z.literal(true) });

export const NewsletterBodySchema = z.object({ email: emailField });

/** The same answer whether or not the address was already subscribed: no address enumeration. */
export const NewsletterResponseSchema = z.object({ subscribed: z.literal(true) });

export const CONTACT_SENT_MESSAGE = 'Thank you! Your message has been sent.';
export const NEWSLETTER_SUBSCRIBED_MESSAGE = 'Thank you for subscribing!';
