// The face of modules/mail: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export {
  createMailer,
  type MailConfig,
  mailConfigOf,
  type Mailer,
  type MailMessage,
} from './mailer.ts';
