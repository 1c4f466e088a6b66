import { NEWSLETTER_SUBSCRIBED_MESSAGE, NewsletterBodySchema } from '../../../../shared/contact.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { submitWithFeedback } from '../../../lib/submit-with-feedback.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter.ts';

export function NewsletterForm() {
  const form = useSpecForm(NewsletterBodySchema, { email: '' });
  const { field } = form;
  const subscribe = useSubscribeToNewsletter();

  const onSubmit = submitWithFeedback(form, (body) => subscribe.mutateAsync(body), {
    successMessage: NEWSLETTER_SUBSCRIBED_MESSAGE,
    afterSuccess: 'reset',
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Newsletter"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="grow text-left">
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      </div>
      <SubmitButton pending={subscribe.isPending} className="sm:mt-8">
        Subscribe
      </SubmitButton>
    </form>
  );
}
