import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Role } from '../../common/roles.ts';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased, so equality is case-insensitive. */
    email: text().notNull(),
    /** Kept as typed for display; unique and looked up case-insensitively (lower(username)). */
    username: text().notNull(),
    /** argon2id PHC string; null for accounts that only sign in through a provider. */
    passwordHash: text(),
    roles: text().array().$type<Role[]>().notNull().default(sql`ARRAY['STUDENT']::text[]`),
    imageUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the cookie token (hex); the token itself is never stored. */
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Sliding: moves forward with use, never past absoluteExpiresAt. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, one row per failure, keyed by `ip:<address>` and `account:<email>`. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    failedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_time_idx').on(t.key, t.failedAt)],
);

/** A parent may read their linked children's data (DESIGN §5). */
export const parentChildren = pgTable(
  'parent_children',
  {
    parentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index('parent_children_child_idx').on(t.childId)],
);
