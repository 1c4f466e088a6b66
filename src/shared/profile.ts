import { z } from 'zod';
import { singleLineText } from './text.ts';

export const PROFILE_LOCATION_MAX = 100;
export const PROFILE_PHONE_MAX = 30;
export const PROFILE_LINKEDIN_MAX = 200;

/** A user profile (spec section 3). GET /api/userProfile answers a list; the first item is used. */
export const ProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  location: z.string(),
  phone: z.string(),
  linkedin: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileListSchema = z.array(ProfileSchema);

export const ProfileQuerySchema = z.object({
  email: singleLineText('Email', { keepSpaces: true }).min(1).max(254),
});

const optionalText = (max: number, label: string) =>
  singleLineText(label)
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v ?? '');

/**
 * PUT /api/userProfile/{email}: only location, phone and LinkedIn can change. The spec's client
 * also sends name and email; they are accepted and ignored (the account decides them).
 */
export const ProfileBodySchema = z.object({
  location: optionalText(PROFILE_LOCATION_MAX, 'Location'),
  phone: optionalText(PROFILE_PHONE_MAX, 'Phone'),
  linkedin: optionalText(PROFILE_LINKEDIN_MAX, 'LinkedIn').refine(
    (url) => url === '' || /^https?:\/\/[^\s]+$/i.test(url),
    'LinkedIn must be an http(s) URL',
  ),
});
export type ProfileBody = z.input<typeof ProfileBodySchema>;

/** The spec's toast after a profile save (shown on success only: spec section 10). */
export const PROFILE_SAVED_MESSAGE = 'user added';
