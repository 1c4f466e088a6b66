import { z } from 'zod';

/**
 * A number, or a string that is one ("5", " 12 "): forms and the spec's client send numbers as
 * text. Anything else (true, [], "5 apples", "") fails with `message`; no silent coercion.
 */
export const numberOrNumericText = (message: string) =>
  z.union(
    [
      z.number({ error: message }),
      z
        .string({ error: message })
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, message)
        .transform(Number),
    ],
    { error: message },
  );
