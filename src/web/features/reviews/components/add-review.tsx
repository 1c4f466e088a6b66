import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_POSTED_MESSAGE,
  REVIEW_TEXT_MAX,
  ReviewBodySchema,
} from '../../../../shared/review.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { submitWithFeedback } from '../../../lib/submit-with-feedback.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';
import { usePostReview } from '../api/post-review.ts';

/** Add Review (customers): a rating out of 5 and the text, posted under the account's name. */
export function AddReview() {
  const user = useSignedInUser();
  const form = useSpecForm(ReviewBodySchema, { rating: '', review: '' });
  const {
    register,
    formState: { errors },
    field,
  } = form;
  const post = usePostReview();

  const onSubmit = submitWithFeedback(form, (body) => post.mutateAsync(body), {
    successMessage: REVIEW_POSTED_MESSAGE,
    afterSuccess: 'reset',
  });

  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Add Review</h1>
      <form noValidate onSubmit={onSubmit} aria-label="Add Review" className="flex flex-col gap-5">
        <TextField label="Name" type="text" value={user.name} disabled />
        <TextField
          label="Rating"
          type="number"
          inputMode="numeric"
          min={RATING_MIN}
          max={RATING_MAX}
          step={1}
          placeholder={`Rating out of ${RATING_MAX}`}
          required
          {...field('rating')}
        />
        <FormField label="Review" error={errors.review?.message}>
          {(control) => (
            <textarea
              {...control}
              {...register('review')}
              rows={6}
              maxLength={REVIEW_TEXT_MAX}
              required
              className={`textarea w-full ${errors.review ? 'textarea-error' : ''}`}
            />
          )}
        </FormField>
        <SubmitButton pending={post.isPending} className="self-start">
          Submit
        </SubmitButton>
      </form>
    </section>
  );
}
