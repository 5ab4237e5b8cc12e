import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.ts';
import { services, subscriptions } from '../db/schema.ts';

/** The names of the services a person is subscribed to, in the order the services were made. */
export async function subscribedServiceNames(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: services.name })
    .from(subscriptions)
    .innerJoin(services, eq(services.id, subscriptions.serviceId))
    .where(eq(subscriptions.studentId, userId))
    .orderBy(asc(services.id));
  return rows.map((r) => r.name);
}

/** Subscribes a new student to the services meant for new students (one statement). */
export async function subscribeToStarterServices(db: DbOrTx, studentId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO subscriptions (student_id, service_id)
    SELECT ${studentId}, id FROM services WHERE for_new_students ORDER BY id
    ON CONFLICT DO NOTHING`);
}
