import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../../../../shared/auth.ts';

/** Says the new-password rules before the user trips over them. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, one of them a special character: ${[
  ...PASSWORD_SPECIAL_CHARACTERS,
].join(' ')}`;
