import { NEWSLETTER_SUBSCRIBED_MESSAGE, NewsletterBodySchema } from '../../../../shared/contact.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { submitForm } from '../../../lib/form-errors.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter.ts';

const FIELD_NAMES = ['email'] as const;

export function NewsletterForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSpecForm(NewsletterBodySchema, { email: '' });
  const subscribe = useSubscribeToNewsletter();
  // Server-rendered: the browser must not submit the form itself before the page is live.
  const hydrated = useHydrated();

  const onSubmit = handleSubmit((body) =>
    submitForm(() => subscribe.mutateAsync(body), {
      successMessage: NEWSLETTER_SUBSCRIBED_MESSAGE,
      reset,
      setError,
      fieldNames: FIELD_NAMES,
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Newsletter"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="grow text-left">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <button
        type="submit"
        className="btn btn-primary sm:mt-8"
        disabled={subscribe.isPending || !hydrated}
      >
        {subscribe.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Subscribe
      </button>
    </form>
  );
}
