import { describe, expect, it } from 'vitest';
import { adminLimits, limits } from '../limits.ts';
import { describeIssues } from '../validation.ts';
import type { z } from '../zod.ts';
import {
  AdminUserUpdate,
  ChildrenRequest,
  ParentChildParams,
  RoleText,
  ServiceRequest,
  SubscriptionBatch,
  SubscriptionParams,
  UserSearchQuery,
} from './admin.ts';

function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return describeIssues(result.error.issues).message;
}

const x = (n: number) => 'x'.repeat(n);
const list = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));

describe('services and subscriptions', () => {
  it('ServiceRequest takes a name as text or as {name}', () => {
    expect(ServiceRequest.parse(' Piano ')).toBe('Piano');
    expect(ServiceRequest.parse({ name: 'Piano' })).toBe('Piano');
    expect(ServiceRequest.parse(x(adminLimits.serviceNameMax))).toHaveLength(adminLimits.serviceNameMax);
    const message = 'send the service name as plain text or as {"name": "…"}';
    expect(refusal(ServiceRequest, 3)).toBe(message);
    expect(refusal(ServiceRequest, {})).toBe(message);
    expect(ServiceRequest.safeParse(x(adminLimits.serviceNameMax + 1)).success).toBe(false);
  });
  it('SubscriptionBatch holds at most the limit of pairs', () => {
    const pair = { studentName: 'ann', serviceName: 'Piano' };
    expect(SubscriptionBatch.parse([])).toEqual([]);
    expect(SubscriptionBatch.parse(list(adminLimits.subscriptionPairsMax, () => pair))).toHaveLength(
      adminLimits.subscriptionPairsMax,
    );
    expect(
      refusal(
        SubscriptionBatch,
        list(adminLimits.subscriptionPairsMax + 1, () => pair),
      ),
    ).toBe(`at most ${adminLimits.subscriptionPairsMax} pairs at once`);
    expect(refusal(SubscriptionBatch, pair)).toBe('must be a list of {studentName, serviceName}');
    expect(refusal(SubscriptionBatch, [{ studentName: x(limits.usernameMax + 1), serviceName: 'P' }])).toBe(
      `0.studentName: must be at most ${limits.usernameMax} characters`,
    );
    expect(refusal(SubscriptionParams, { name: 'ann', service: ' ' })).toBe('service: must not be empty');
  });
});

describe('parents and children', () => {
  it('ChildrenRequest names 1 to the limit of students', () => {
    expect(ChildrenRequest.parse([' ann '])).toEqual(['ann']);
    expect(ChildrenRequest.parse(list(adminLimits.childrenPerRequestMax, String))).toHaveLength(
      adminLimits.childrenPerRequestMax,
    );
    expect(refusal(ChildrenRequest, [])).toBe('must name at least one student');
    expect(refusal(ChildrenRequest, 'ann')).toBe('must be a list of student names');
    expect(refusal(ChildrenRequest, list(adminLimits.childrenPerRequestMax + 1, String))).toBe(
      `at most ${adminLimits.childrenPerRequestMax} students at once`,
    );
    expect(ParentChildParams.parse({ name: 'p', child: 'c' })).toEqual({ name: 'p', child: 'c' });
    expect(refusal(ParentChildParams, { name: 'p', child: x(limits.usernameMax + 1) })).toBe(
      `child: must be at most ${limits.usernameMax} characters`,
    );
  });
});

describe('RoleText', () => {
  it('reads upper-case roles separated by commas, in the roles order, once each', () => {
    expect(RoleText.parse('STUDENT, ADMIN,STUDENT')).toEqual(['ADMIN', 'STUDENT']);
    expect(RoleText.parse('PARENT,TEACHER')).toEqual(['TEACHER', 'PARENT']);
  });
  it('names the unknown roles it refuses', () => {
    const roles = 'must be upper-case roles separated by commas, each one of ADMIN, TEACHER, STUDENT, PARENT';
    expect(refusal(RoleText, '')).toBe(roles);
    expect(refusal(RoleText, ' , ')).toBe(roles);
    expect(refusal(RoleText, 'ADMIN,')).toBe(roles);
    expect(refusal(RoleText, 'admin, ROOT')).toBe(`${roles} (not admin, ROOT)`);
    expect(refusal(RoleText, 'ADMIN,,ROOT')).toBe(`${roles} (not ROOT)`);
    expect(refusal(RoleText, 1)).toBe('must be a text');
    expect(refusal(RoleText, `ADMIN${' '.repeat(196)}`)).toBe('must be at most 200 characters');
    expect(RoleText.parse(`ADMIN${' '.repeat(195)}`)).toEqual(['ADMIN']);
  });
});

describe('AdminUserUpdate and UserSearchQuery', () => {
  it('AdminUserUpdate takes each field or none', () => {
    expect(AdminUserUpdate.parse({})).toEqual({});
    expect(AdminUserUpdate.parse({ id: 2, role: 'TEACHER', username: 'Bo', email: 'B@C.DE' })).toEqual({
      id: 2,
      role: ['TEACHER'],
      username: 'Bo',
      email: 'b@c.de',
    });
    expect(refusal(AdminUserUpdate, { currentPassword: 1 })).toBe('currentPassword: must be a text');
    expect(refusal(AdminUserUpdate, { currentPassword: x(limits.passwordMax + 1) })).toBe(
      `currentPassword: must be at most ${limits.passwordMax} characters`,
    );
    expect(AdminUserUpdate.parse({ currentPassword: x(limits.passwordMax) }).currentPassword).toHaveLength(
      limits.passwordMax,
    );
  });
  it('UserSearchQuery trims the text and bounds it', () => {
    expect(UserSearchQuery.parse({})).toEqual({});
    expect(UserSearchQuery.parse({ q: ' ann ' })).toEqual({ q: 'ann' });
    expect(UserSearchQuery.parse({ q: ` ${x(adminLimits.userSearchMax)} ` }).q).toHaveLength(
      adminLimits.userSearchMax,
    );
    expect(refusal(UserSearchQuery, { q: x(adminLimits.userSearchMax + 1) })).toBe(
      `q: must be at most ${adminLimits.userSearchMax} characters`,
    );
    expect(refusal(UserSearchQuery, { q: 1 })).toBe('q: must be a text');
  });
});
