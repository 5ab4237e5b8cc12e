import type { ServiceResponse, SubscriptionPair } from '../../common/contracts/admin.ts';
import { adminMessages, apiMessages } from '../../common/messages.ts';
import { plural } from '../../common/texts.ts';
import type { Db } from '../db/open.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { ServerTexts } from '../i18n/texts.ts';
import { type AuditActor, recordAudit } from '../shared/audit.ts';
import {
  deleteSubscription,
  findStudentAndService,
  insertService,
  subscribedServiceNames,
  subscribePairs,
} from './queries.ts';

type Context = { actor: AuditActor; now: Date };

/** Read or written as stored, by the routes and by other domains' services (in their transactions). */
export {
  allServiceNames,
  serviceNamesOf,
  studentsWithSubscriptions,
  subscribedServiceNames,
  subscribeToStarterServices,
} from './queries.ts';

/** `POST services`: a new service (409 when the name exists in any case), audited. */
export async function createService(db: Db, name: string, context: Context): Promise<ServiceResponse> {
  return db.transaction(async (tx) => {
    const service = await insertService(tx, name);
    if (!service) throw conflict((t) => t.adminMessages.serviceExists(name));
    await recordAudit(tx, { ...context, at: context.now, action: 'service.create', target: service.name });
    return service;
  });
}

/**
 * `POST subscriptions/multiples`: every pair subscribed, or — when any name is unknown — nothing
 * and a 400 listing the unknown names. Answers how many pairs are new (pairs already subscribed are
 * left alone).
 */
export async function subscribeMany(
  db: Db,
  pairs: readonly SubscriptionPair[],
  context: Context,
): Promise<number> {
  if (pairs.length === 0) return 0;
  return db.transaction(async (tx) => {
    const outcome = await subscribePairs(tx, pairs);
    if (outcome.unknownStudents.length || outcome.unknownServices.length) {
      throw badRequest(
        (t) => t.adminMessages.unknownNames(outcome.unknownStudents, outcome.unknownServices),
        [
          ...outcome.unknownStudents.map((name) => ({
            path: 'studentName',
            message: (t: ServerTexts) => t.validationTexts.noStudentNamed(name),
          })),
          ...outcome.unknownServices.map((name) => ({
            path: 'serviceName',
            message: (t: ServerTexts) => t.validationTexts.noServiceNamed(name),
          })),
        ],
      );
    }
    const students = [...new Set(pairs.map((p) => p.studentName))];
    const services = [...new Set(pairs.map((p) => p.serviceName))];
    await recordAudit(tx, {
      ...context,
      at: context.now,
      action: 'subscription.add',
      target: students.join(', '),
      detail: `${services.join(', ')}: ${outcome.created} new of ${pairs.length} ${plural(pairs.length, { one: 'pair', other: 'pairs' })}`,
    });
    return outcome.created;
  });
}

/**
 * `DELETE subscriptions/{name}/{service}`: ends one subscription, audited; answers the student's
 * remaining service names. 404 for an unknown student or service, or no such subscription.
 */
export async function unsubscribe(
  db: Db,
  studentName: string,
  serviceName: string,
  context: Context,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const { student, service } = await findStudentAndService(tx, studentName, serviceName);
    if (!student) throw notFound(apiMessages.studentNotFound);
    if (!service) throw notFound(adminMessages.serviceNotFound);
    if (!(await deleteSubscription(tx, student.id, service.id)))
      throw notFound((t) => t.adminMessages.notSubscribed(student.name, service.name));
    await recordAudit(tx, {
      ...context,
      at: context.now,
      action: 'subscription.remove',
      target: student.name,
      detail: service.name,
    });
    return subscribedServiceNames(tx, student.id);
  });
}
