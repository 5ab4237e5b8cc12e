import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.ts';
import { services, subscriptions, users } from '../db/schema.ts';

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

/** Every service's name, in the order they were made. */
export async function allServiceNames(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ name: services.name }).from(services).orderBy(asc(services.id));
  return rows.map((r) => r.name);
}

/**
 * A new service, or null when one of that name (in any case) exists: one statement, so two admins
 * adding the same name at once make one service and one 409.
 */
export async function insertService(db: DbOrTx, name: string): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .insert(services)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: services.id, name: services.name });
  return row ?? null;
}

export type SubscribeOutcome = { created: number; unknownStudents: string[]; unknownServices: string[] };

/**
 * Subscribes each (student, service) pair, all or nothing, in one statement: names are matched
 * case-insensitively (students must hold STUDENT); when any name matches nothing, nothing is
 * inserted and the unmatched names come back. Pairs already subscribed are left alone
 * (`ON CONFLICT DO NOTHING`, so two batches racing never duplicate a pair); `created` counts the
 * new ones.
 */
export async function subscribePairs(
  db: DbOrTx,
  pairs: readonly { studentName: string; serviceName: string }[],
): Promise<SubscribeOutcome> {
  const result = await db.execute(sql`
    WITH pairs AS (
      SELECT * FROM unnest(${sql.param(pairs.map((p) => p.studentName))}::text[],
                           ${sql.param(pairs.map((p) => p.serviceName))}::text[]) AS p(student, service)
    ), resolved AS (
      SELECT p.student, p.service, u.id AS student_id, s.id AS service_id
      FROM pairs p
      LEFT JOIN users u ON lower(u.username) = lower(p.student) AND 'STUDENT' = ANY(u.roles)
      LEFT JOIN services s ON lower(s.name) = lower(p.service)
    ), inserted AS (
      INSERT INTO subscriptions (student_id, service_id)
      SELECT DISTINCT student_id, service_id FROM resolved
      WHERE NOT EXISTS (SELECT 1 FROM resolved WHERE student_id IS NULL OR service_id IS NULL)
      ORDER BY student_id, service_id
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT
      (SELECT count(*)::int FROM inserted) AS created,
      coalesce((SELECT array_agg(DISTINCT student) FROM resolved WHERE student_id IS NULL), '{}') AS "unknownStudents",
      coalesce((SELECT array_agg(DISTINCT service) FROM resolved WHERE service_id IS NULL), '{}') AS "unknownServices"`);
  const [row] = (result as unknown as { rows: SubscribeOutcome[] }).rows;
  return row!;
}

/** The student (holding STUDENT) and the service these names match, either null when none does. */
export async function findStudentAndService(db: DbOrTx, studentName: string, serviceName: string) {
  const [student] = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${studentName}) AND 'STUDENT' = ANY(${users.roles})`);
  const [service] = await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(sql`lower(${services.name}) = lower(${serviceName})`);
  return { student: student ?? null, service: service ?? null };
}

/** Ends one subscription; answers whether there was one (one statement). */
export async function deleteSubscription(db: DbOrTx, studentId: number, serviceId: number): Promise<boolean> {
  const rows = await db
    .delete(subscriptions)
    .where(sql`${subscriptions.studentId} = ${studentId} AND ${subscriptions.serviceId} = ${serviceId}`)
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/**
 * `GET student`: every student with their subscriptions (the original's shape), in two statements
 * however many students.
 */
export async function studentsWithSubscriptions(db: DbOrTx) {
  const students = await db
    .select({ id: users.id, name: users.username, email: users.email, url: users.imageUrl })
    .from(users)
    .where(sql`'STUDENT' = ANY(${users.roles})`)
    .orderBy(asc(sql`lower(${users.username})`));
  const rows =
    students.length === 0
      ? []
      : await db
          .select({
            id: subscriptions.id,
            studentId: subscriptions.studentId,
            serviceId: services.id,
            name: services.name,
          })
          .from(subscriptions)
          .innerJoin(services, eq(services.id, subscriptions.serviceId))
          .where(
            inArray(
              subscriptions.studentId,
              students.map((s) => s.id),
            ),
          )
          .orderBy(asc(services.id));
  const byStudent = new Map<number, { id: number; service: { id: number; name: string } }[]>();
  for (const row of rows) {
    const list = byStudent.get(row.studentId) ?? [];
    list.push({ id: row.id, service: { id: row.serviceId, name: row.name } });
    byStudent.set(row.studentId, list);
  }
  return students.map((student) => ({ ...student, subscriptions: byStudent.get(student.id) ?? [] }));
}

/** The service names of these users (one statement), keyed by user id. */
export async function serviceNamesOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (userIds.length === 0) return names;
  const rows = await db
    .select({ studentId: subscriptions.studentId, name: services.name })
    .from(subscriptions)
    .innerJoin(services, eq(services.id, subscriptions.serviceId))
    .where(inArray(subscriptions.studentId, [...userIds]))
    .orderBy(asc(services.id));
  for (const row of rows) names.set(row.studentId, [...(names.get(row.studentId) ?? []), row.name]);
  return names;
}
