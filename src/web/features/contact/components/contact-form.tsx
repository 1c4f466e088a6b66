import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { CONTACT_SENT_MESSAGE, ContactBodySchema } from '../../../../shared/contact.ts';
import { FormField } from '../../../components/form-field.tsx';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const FIELD_NAMES = ['name', 'email', 'message'] as const;

export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ContactBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', message: '' },
  });
  const send = useSendContactMessage();

  const onSubmit = handleSubmit((body) =>
    send.mutateAsync(body).then(
      () => {
        toast.success(CONTACT_SENT_MESSAGE);
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
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Contact us">
      <FormField label="Name" error={errors.name?.message}>
        {(control) => (
          <input
            {...control}
            {...register('name')}
            type="text"
            autoComplete="name"
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
          />
        )}
      </FormField>
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
      <FormField label="Message" error={errors.message?.message}>
        {(control) => (
          <textarea
            {...control}
            {...register('message')}
            rows={6}
            className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-primary self-start" disabled={send.isPending}>
        {send.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Submit
      </button>
    </form>
  );
}
