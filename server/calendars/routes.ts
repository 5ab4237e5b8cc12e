import type { FastifyInstance } from 'fastify';
import { CalendarItem } from '../../common/contracts/responses.ts';
import { YearMonthParams } from '../../common/contracts/tutoring.ts';
import { says } from '../../common/validation.ts';
import { z } from '../../common/zod.ts';
import { access } from '../http/access.ts';
import { declareRoutes } from '../http/route.ts';
import { studentCalendar, teacherCalendar } from './service.ts';

/** `students=a,b` or `students=a&students=b`, like the original. */
const StudentsQuery = z.object({
  students: z
    .union([z.string(), z.array(z.string())], says('studentsRequired'))
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')))
    .refine((list) => list.length <= 500, says('atMostStudents', 500)),
});

export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const route = declareRoutes(app);
  const { database } = app.deps;

  route.get(
    '/calendars/:year/:month',
    access.staff,
    { params: YearMonthParams, query: StudentsQuery, response: z.array(CalendarItem) },
    async (request) =>
      teacherCalendar(database.db, request.query.students, request.params.year, request.params.month),
  );

  route.get(
    '/calendars/:name/:year/:month',
    access.studentRead('name'),
    { params: YearMonthParams, response: z.array(CalendarItem) },
    async (request) =>
      studentCalendar(database.db, request.subject.id, request.params.year, request.params.month),
  );
}
