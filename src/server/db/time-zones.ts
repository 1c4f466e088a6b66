import { sql } from 'drizzle-orm';
import { UNKNOWN_TIME_ZONE_MESSAGE } from '../../shared/admin-overview.ts';
import { Invalid } from '../errors.ts';
import type { Db } from './client.ts';

// The contract checks a time zone with the browser's Intl, whose list is not PostgreSQL's: Intl
// knows zones the database's tzdata dropped (US/Pacific-New, on which `AT TIME ZONE` fails) and
// names that are not zone names to the database. So a zone is used only once the database has
// said it knows it by that name (ADR 021).

const known = new WeakMap<Db, Promise<ReadonlySet<string>>>();

/** The zone names of pg_timezone_names, read once per database (they change with its upgrade). */
function databaseTimeZones(db: Db): Promise<ReadonlySet<string>> {
  let names = known.get(db);
  if (!names) {
    names = db
      .execute<{ name: string }>(sql`SELECT name FROM pg_timezone_names`)
      .then((result) => new Set(result.rows.map((row) => row.name)));
    // A failed read (the database away) is not remembered: the next request reads again.
    names.catch(() => known.delete(db));
    known.set(db, names);
  }
  return names;
}

/** Refuses (400, naming `field`) a time zone the database cannot use in `AT TIME ZONE`. */
export async function assertDatabaseTimeZone(
  db: Db,
  timeZone: string,
  field = 'tz',
): Promise<void> {
  if (!(await databaseTimeZones(db)).has(timeZone))
    throw new Invalid(UNKNOWN_TIME_ZONE_MESSAGE, { [field]: UNKNOWN_TIME_ZONE_MESSAGE });
}
