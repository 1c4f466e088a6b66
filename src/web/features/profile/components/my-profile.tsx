import type { ReactNode } from 'react';
import {
  PROFILE_SAVED_MESSAGE,
  ProfileBodySchema,
  type Profile,
} from '../../../../shared/profile.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSignedInUser, type AccountUser } from '../../../lib/auth/session.ts';
import { submitWithFeedback } from '../../../lib/submit-with-feedback.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';
import { SavedAddresses } from './saved-addresses.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

function ProfileForm({ user, profile }: { user: AccountUser; profile: Profile | null }) {
  const form = useSpecForm(ProfileBodySchema, {
    location: profile?.location ?? '',
    phone: profile?.phone ?? '',
    linkedin: profile?.linkedin ?? '',
  });
  const { field } = form;
  const save = useSaveProfile();

  const onSubmit = submitWithFeedback(
    form,
    (values) => save.mutateAsync({ name: user.name, email: user.email, ...values }),
    { successMessage: PROFILE_SAVED_MESSAGE, afterSuccess: 'keep' },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="My Profile" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name">
          {(control) => (
            <input {...control} type="text" value={user.name} disabled className="input w-full" />
          )}
        </FormField>
        <FormField label="Email">
          {(control) => (
            <input {...control} type="email" value={user.email} disabled className="input w-full" />
          )}
        </FormField>
      </div>
      <TextField
        label="Location"
        type="text"
        autoComplete="address-level2"
        {...field('location')}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <TextField
        label="LinkedIn"
        type="url"
        placeholder="https://www.linkedin.com/in/…"
        {...field('linkedin')}
      />
      <SubmitButton pending={save.isPending} className="self-start">
        Save Profile
      </SubmitButton>
    </form>
  );
}

/**
 * The dashboard's index: the account's name and email, and the editable profile; `children`: the
 * sections of other features the route adds below (the tax exemption).
 */
export function MyProfile({ children }: { children?: ReactNode }) {
  const user = useSignedInUser();
  const profile = useProfile(user.email);

  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">My Profile</h1>
      <QueryState
        query={profile}
        loading="Loading your profile"
        failed="We couldn't load your profile."
      >
        {(data) => <ProfileForm user={user} profile={data} />}
      </QueryState>
      <SavedAddresses />
      <TwoFactorSection />
      {children}
    </section>
  );
}
