import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { NEWSLETTER_SUBSCRIBED_MESSAGE, NewsletterBodySchema } from '../../../../shared/contact.ts';
import { FormField } from '../../../components/form-field.tsx';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter.ts';

const FIELD_NAMES = ['email'] as const;

export function NewsletterForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(NewsletterBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const subscribe = useSubscribeToNewsletter();

  const onSubmit = handleSubmit((body) =>
    subscribe.mutateAsync(body).then(
      () => {
        toast.success(NEWSLETTER_SUBSCRIBED_MESSAGE);
        reset();
      },
      (error: unknown) => {
        if (!showServerFieldErrors(error, setError, FIELD_NAMES)) {
          toast.error(error instanceof Error ? error.message : String(error));
        }
      },
    ),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Newsletter"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="grow text-left">
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              {...register('email')}
              type="email"
              autoComplete="email"
              className={`input w-full ${errors.email ? 'input-error' : ''}`}
            />
          )}
        </FormField>
      </div>
      <button type="submit" className="btn btn-primary sm:mt-8" disabled={subscribe.isPending}>
        {subscribe.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Subscribe
      </button>
    </form>
  );
}
