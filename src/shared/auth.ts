import { z } from 'zod';
import { singleLineText } from './text.ts';

// Sign-in and registration rules, exactly as the spec's section 5 words them.

/** Lowercase letters and digits, an @, lowercase letters, a dot, then 2 to 3 lowercase letters. */
export const SPEC_EMAIL_PATTERN = /^[a-z0-9]+@[a-z]+\.[a-z]{2,3}$/;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIAL_CHARACTERS = '#?!@$%^&*-';
/** One of PASSWORD_SPECIAL_CHARACTERS (each escaped, so the list stays the one source). */
const SPECIAL_CHARACTER = new RegExp(
  `[${[...PASSWORD_SPECIAL_CHARACTERS].map((c) => `\\${c}`).join('')}]`,
);
export const NAME_MAX_LENGTH = 100;

const email = z
  .string({ error: 'Email is required' })
  .min(1, 'Email is required')
  .regex(SPEC_EMAIL_PATTERN, 'Provide a valid Email');

const loginPassword = singleLineText('Password', {
  required: 'Password is required',
  keepSpaces: true,
})
  .min(PASSWORD_MIN_LENGTH, `Must be ${PASSWORD_MIN_LENGTH} characters or longer`)
  .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A new password: the login rules plus one special character. */
export const NewPasswordSchema = loginPassword.regex(
  SPECIAL_CHARACTER,
  'Password must contain atleast one special character',
);

export const LoginFormSchema = z.object({ email, password: loginPassword });
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const RegisterFormSchema = z.object({
  name: singleLineText('Name', { required: 'Name is required' }).max(
    NAME_MAX_LENGTH,
    `Name must be at most ${NAME_MAX_LENGTH} characters`,
  ),
  email,
  password: NewPasswordSchema,
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const ResetRequestFormSchema = z.object({ email });
export const ResetPasswordFormSchema = z.object({ password: NewPasswordSchema });

/** PUT /api/user/{email}: the access token the client keeps in localStorage 'accessToken'. */
export const AccessTokenResponseSchema = z.object({ token: z.string().min(1) });

/** GET /api/admin/{email} */
export const AdminCheckResponseSchema = z.object({ admin: z.boolean() });

export const EmailParamsSchema = z.object({
  email: singleLineText('Email', { keepSpaces: true }).min(1).max(254),
});

export const socialProviderNotConfiguredMessage = (label: string) =>
  `${label} sign-in is not available on this shop yet. Please use your email and password.`;

export const RESET_EMAIL_SENT_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Please log in.';
