import type { Db } from '../../db/client.ts';
import { contactMessage, newsletterSubscriber } from '../../db/schema.ts';

export async function saveContactMessage(
  db: Db,
  message: { name: string; email: string; message: string },
): Promise<void> {
  await db.insert(contactMessage).values(message);
}

/** Subscribes an address once; subscribing again changes nothing. */
export async function subscribeToNewsletter(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscriber).values({ email }).onConflictDoNothing();
}
