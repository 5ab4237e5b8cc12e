import { isDay } from '../dates.ts';
import { customProblem, says } from '../validation.ts';
import { z } from '../zod.ts';

const day = (what: string) =>
  z
    .string(says('day'))
    .refine(isDay, says('day'))
    .optional()
    .describe(`${what} (YYYY-MM-DD in APP_TIME_ZONE, included)`);

/** The most days an overview spans: 500 students × 53 weeks stays a small file. */
export const OVERVIEW_MAX_DAYS = 371;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** `from` and `to` are days in APP_TIME_ZONE, both included; either may be left out (no bound). */
const range = z.object({ from: day('First day'), to: day('Last day') });

function checkOrder(
  value: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.from && value.to && value.to < value.from)
    ctx.addIssue(customProblem((t) => t.rangeOrder, ['to']));
}

/** `GET export/submissions/{name}`: the answers submitted from `from` to `to` (docs/api.md, "CSV exports"). */
export const SubmissionsExportQuery = range.superRefine(checkOrder);
export type SubmissionsExportQuery = z.output<typeof SubmissionsExportQuery>;

/**
 * `GET export/overview`: the listed students (`students=a,b`, as the teacher calendar takes them)
 * × the Monday-to-Sunday weeks holding `from` to `to`.
 */
export const OverviewExportQuery = range
  .extend({
    students: z
      .union([z.string(), z.array(z.string())], says('studentsRequired'))
      .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')))
      .refine((list) => list.length <= 500, says('atMostStudents', 500)),
  })
  .superRefine((value, ctx) => {
    checkOrder(value, ctx);
    if (value.from && value.to && daysBetween(value.from, value.to) > OVERVIEW_MAX_DAYS)
      ctx.addIssue(customProblem((t) => t.rangeSpan(OVERVIEW_MAX_DAYS), ['to']));
  });
export type OverviewExportQuery = z.output<typeof OverviewExportQuery>;
