import { z } from 'zod';

/** Resource ids are UUIDs; anything else is answered like an unknown id (404), never a 500. */
export const IdSchema = z.uuid();
