import { z } from 'zod';

// Text the shop can store and show (ADR 021). PostgreSQL refuses a NUL in text, cannot store a
// lone UTF-16 surrogate as UTF-8, and no field has a use for the other control characters; a line
// break in a one-line field ends up in a mail header or a CSV cell as a forged line. Every text
// field of the contract is one of the two helpers below, so the browser and the server refuse the
// same characters with a message that names the field.

// The rules are about control characters, so their patterns must name them.
/* eslint-disable no-control-regex */
/** C0 controls (tab, CR and LF included), DEL, and a surrogate without its pair. */
const NOT_ONE_LINE = /[\u0000-\u001f\u007f]|\p{Cs}/u;
/** The same, but tab and line breaks (LF, or CRLF as some clients send them) are text. */
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;
/* eslint-enable no-control-regex */

export interface TextOptions {
  /** The message for a missing or empty value; without it, an empty string is valid. */
  required?: string;
  /** Keep leading and trailing spaces (passwords, secrets); by default they are trimmed. */
  keepSpaces?: boolean;
}

const named = (label: string | undefined, rest: string) =>
  label ? `${label} ${rest}` : `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;

function text(forbidden: RegExp, message: string, options: TextOptions): z.ZodString {
  const { required, keepSpaces = false } = options;
  const base = z.string(required ? { error: required } : undefined);
  const checked = (keepSpaces ? base : base.trim()).refine((value) => !forbidden.test(value), {
    message,
    abort: true,
  });
  return required ? checked.min(1, required) : checked;
}

/**
 * One line of text: names, e-mail addresses, subjects, references, addresses, phone numbers,
 * ids, query parameters. Refuses control characters, line breaks and tabs included.
 * `label` names the field in the message ("Name must not contain …"); without it, "Must not …".
 */
export function singleLineText(label?: string, options: TextOptions = {}): z.ZodString {
  return text(
    NOT_ONE_LINE,
    named(label, 'must not contain line breaks or control characters'),
    options,
  );
}

/** Text of several lines (a review, a message, a description): tabs and line breaks are allowed. */
export function multiLineText(label?: string, options: TextOptions = {}): z.ZodString {
  return text(NOT_TEXT, named(label, 'must not contain control characters'), options);
}
