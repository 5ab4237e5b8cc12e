import { API_DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZES } from '../limits.ts';
import { customProblem, says } from '../validation.ts';
import { z } from '../zod.ts';

// Defined beside the other limits (a module without zod, which the pages read).
export { API_DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZES };

export type SortOrder = { field: string; direction: 'asc' | 'desc' };

/** The Spring Data page shape the original client reads (docs/api.md, "Paging"). */
export type SortInfo = { empty: boolean; sorted: boolean; unsorted: boolean };
export type Page<T> = {
  content: T[];
  pageable: {
    pageNumber: number;
    pageSize: number;
    sort: SortInfo;
    offset: number;
    paged: true;
    unpaged: false;
  };
  totalPages: number;
  totalElements: number;
  size: number;
  number: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  empty: boolean;
  sort: SortInfo;
};

const SortInfoContract = z.object({ empty: z.boolean(), sorted: z.boolean(), unsorted: z.boolean() });

/** The response contract of a paged list of `item` (the `Page<T>` shape above, as built by `toPage`). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    pageable: z.object({
      pageNumber: z.number().int(),
      pageSize: z.number().int(),
      sort: SortInfoContract,
      offset: z.number().int(),
      paged: z.literal(true),
      unpaged: z.literal(false),
    }),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    size: z.number().int(),
    number: z.number().int(),
    numberOfElements: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    empty: z.boolean(),
    sort: SortInfoContract,
  });
}

export type PageRequest = { page: number; size: number; sort: SortOrder[] };

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, says('fieldWholeNumber', name))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, says('fieldAtLeast', name, min))
        .max(max, says('fieldAtMost', name, max)),
    );

/**
 * `page`, `size` and repeated `sort=field,dir`, checked against the route's allow-list of sortable
 * fields (anything else is a 400, never SQL).
 */
export function pageQuery(sortable: readonly string[]) {
  const sortOrder = (value: string): SortOrder | null => {
    const [field = '', direction = 'asc', ...rest] = value.split(',').map((s) => s.trim());
    const dir = direction.toLowerCase();
    if (!sortable.includes(field) || (dir !== 'asc' && dir !== 'desc') || rest.length > 0) return null;
    return { field, direction: dir };
  };
  return z.object({
    page: wholeNumber('page', 0, 1_000_000).optional().default(0),
    size: wholeNumber('size', 1, MAX_PAGE_SIZE).optional().default(API_DEFAULT_PAGE_SIZE),
    // One union of texts, checked in the transform: a union of checked options would answer zod's
    // "Invalid input" instead of these messages when every option fails.
    sort: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((s, ctx) => {
        const values = s === undefined ? [] : Array.isArray(s) ? s : [s];
        if (values.length > 5) {
          ctx.addIssue(customProblem((t) => t.atMostSortOrders(5)));
          return z.NEVER;
        }
        const orders = values.map(sortOrder);
        if (orders.some((order) => order === null)) {
          ctx.addIssue(customProblem((t) => t.sort(sortable.join(', '))));
          return z.NEVER;
        }
        return orders as SortOrder[];
      }),
  });
}

export function toPage<T>(content: T[], request: PageRequest, totalElements: number): Page<T> {
  return { content, ...pageFields(content.length, request, totalElements) };
}

/** Everything of a page but its content, which holds `count` items. */
function pageFields(
  count: number,
  request: PageRequest,
  totalElements: number,
): Omit<Page<never>, 'content'> {
  const sort: SortInfo = {
    empty: request.sort.length === 0,
    sorted: request.sort.length > 0,
    unsorted: request.sort.length === 0,
  };
  const totalPages = Math.ceil(totalElements / request.size);
  return {
    pageable: {
      pageNumber: request.page,
      pageSize: request.size,
      sort,
      offset: request.page * request.size,
      paged: true,
      unpaged: false,
    },
    totalPages,
    totalElements,
    size: request.size,
    number: request.page,
    numberOfElements: count,
    first: request.page === 0,
    last: request.page >= totalPages - 1,
    empty: count === 0,
    sort,
  };
}
