import { CONTACT_SENT_MESSAGE, ContactBodySchema } from '../../../../shared/contact.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { submitWithFeedback } from '../../../lib/submit-with-feedback.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';

export function ContactForm() {
  const form = useSpecForm(ContactBodySchema, { name: '', email: '', message: '' });
  const {
    register,
    formState: { errors },
    field,
  } = form;
  const send = useSendContactMessage();
  // Server-rendered: the textarea stays read-only until the page is live.
  const hydrated = useHydrated();

  const onSubmit = submitWithFeedback(form, (body) => send.mutateAsync(body), {
    successMessage: CONTACT_SENT_MESSAGE,
    afterSuccess: 'reset',
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Contact us">
      <TextField label="Name" type="text" autoComplete="name" {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
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
      <SubmitButton pending={send.isPending} className="self-start">
        Submit
      </SubmitButton>
    </form>
  );
}
