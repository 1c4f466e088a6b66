import { CONTACT_SENT_MESSAGE, ContactBodySchema } from '../../../../shared/contact.ts';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { submitForm } from '../../../lib/form-errors.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';

const FIELD_NAMES = ['name', 'email', 'message'] as const;

export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSpecForm(ContactBodySchema, { name: '', email: '', message: '' });
  const send = useSendContactMessage();
  // Server-rendered: the browser must not submit the form itself before the page is live.
  const hydrated = useHydrated();

  const onSubmit = handleSubmit((body) =>
    submitForm(() => send.mutateAsync(body), {
      successMessage: CONTACT_SENT_MESSAGE,
      reset,
      setError,
      fieldNames: FIELD_NAMES,
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Contact us">
      <TextField
        label="Name"
        type="text"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField label="Message" error={errors.message?.message}>
        {(control) => (
          <textarea
            {...control}
            {...register('message')}
            rows={6}
            readOnly={!hydrated}
            className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`}
          />
        )}
      </FormField>
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={send.isPending || !hydrated}
      >
        {send.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Submit
      </button>
    </form>
  );
}
