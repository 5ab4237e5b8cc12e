import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { validationTexts } from '../../common/validationTexts.ts';
import { z } from '../../common/zod.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { orderBy, pageSchemaFor, parsePage, type Sortable, sortVariant } from './paging.ts';
import { parseWith } from './parse.ts';

/** The page helpers every paged list goes through, on their own (no database). */
const sortable: Sortable = { id: users.id, email: users.email, username: sql`lower(${users.username})` };
const dialect = new PgDialect();
const rendered = (orders: ReturnType<typeof orderBy>) => dialect.sqlToQuery(sql.join(orders, sql`, `)).sql;

describe('parsePage', () => {
  it('gives the first page of the default size, unsorted, for no query at all', () => {
    for (const query of [undefined, null, {}]) {
      // 20: the original server's default, which its client relies on when it sends no size.
      expect(parsePage(query, sortable)).toEqual({ page: 0, size: 20, sort: [] });
    }
  });

  it('reads page, size and every sort of the query, and nothing else', () => {
    expect(
      parsePage({ page: '2', size: '10', sort: ['email,desc', 'id,asc'], other: 'x' }, sortable),
    ).toEqual({
      page: 2,
      size: 10,
      sort: [
        { field: 'email', direction: 'desc' },
        { field: 'id', direction: 'asc' },
      ],
    });
  });

  it('refuses a field outside the allow-list with a 400', () => {
    expect(() => parsePage({ sort: 'passwordHash,asc' }, sortable)).toThrow(AppError);
    try {
      parsePage({ sort: 'passwordHash,asc' }, sortable);
    } catch (error) {
      expect((error as AppError).status).toBe(400);
    }
  });

  it('builds the schema of an allow-list once', () => {
    expect(pageSchemaFor(sortable)).toBe(pageSchemaFor(sortable));
    expect(pageSchemaFor({ id: users.id })).not.toBe(pageSchemaFor(sortable));
  });
});

describe('sortVariant', () => {
  it("names the default order '', one or two orders by field and direction, and gives up past two", () => {
    expect(sortVariant([])).toBe('');
    expect(sortVariant([{ field: 'id', direction: 'asc' }])).toBe('id.asc');
    expect(
      sortVariant([
        { field: 'email', direction: 'desc' },
        { field: 'id', direction: 'asc' },
      ]),
    ).toBe('email.desc,id.asc');
    expect(
      sortVariant([
        { field: 'email', direction: 'desc' },
        { field: 'id', direction: 'asc' },
        { field: 'username', direction: 'asc' },
      ]),
    ).toBeNull();
  });
});

describe('orderBy', () => {
  const fallback = [sql`${users.username} desc`];

  it('orders by the route default, then the id ascending, when no sort is asked for', () => {
    expect(rendered(orderBy({ page: 0, size: 20, sort: [] }, sortable, fallback, users.id))).toBe(
      '"users"."username" desc, "users"."id" asc',
    );
  });

  it('orders by the requested fields in their directions instead of the default, then the id', () => {
    const request = {
      page: 0,
      size: 20,
      sort: [
        { field: 'email', direction: 'desc' as const },
        { field: 'username', direction: 'asc' as const },
      ],
    };
    expect(rendered(orderBy(request, sortable, fallback, users.id))).toBe(
      '"users"."email" desc, lower("users"."username") asc, "users"."id" asc',
    );
  });
});

describe('parseWith', () => {
  const anything = z.unknown();

  it('refuses a missing body (undefined or null) with a 400 saying a body is needed', () => {
    for (const value of [undefined, null]) {
      let thrown: unknown;
      try {
        parseWith(anything, value, 'body');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).status).toBe(400);
      expect((thrown as AppError).message).toBe(validationTexts.needsBody);
    }
  });

  it('takes a falsy body, and an absent query or params, to the schema', () => {
    expect(parseWith(anything, 0, 'body')).toBe(0);
    expect(parseWith(anything, '', 'body')).toBe('');
    expect(parseWith(anything, undefined, 'query')).toBeUndefined();
    expect(parseWith(anything, null, 'params')).toBeNull();
  });

  it('gives what the schema outputs, and a 400 naming the field when it fails', () => {
    const schema = z.object({ n: z.coerce.number().int() });
    expect(parseWith(schema, { n: '3' }, 'query')).toEqual({ n: 3 });
    let thrown: unknown;
    try {
      parseWith(schema, { n: 'x' }, 'query');
    } catch (error) {
      thrown = error;
    }
    expect((thrown as AppError).status).toBe(400);
    expect((thrown as AppError).details?.map((d) => d.path)).toEqual(['n']);
  });
});
