import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from '../schema.ts';

// The demo shop's promotion (issue 36): a welcome code for a first order. A code changes no price
// until a buyer types it; staff add automatic ones in Dashboard → Promotions.

type Db = Pick<NodePgDatabase<typeof schema>, 'insert'>;

export const DEMO_WELCOME_CODE = 'WELCOME10';

export async function seedDemoPromotions(db: Db): Promise<void> {
  const [welcome] = await db
    .insert(schema.promotion)
    .values({
      name: 'Welcome: 10% off your first order',
      kind: 'percent_off',
      percentPpm: 100_000,
      firstOrderOnly: true,
      perCustomerLimit: 1,
      codeMode: 'code',
    })
    .returning({ id: schema.promotion.id });
  if (welcome)
    await db
      .insert(schema.promotionCode)
      .values({ promotionId: welcome.id, code: DEMO_WELCOME_CODE });
}
