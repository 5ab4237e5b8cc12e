/** The review schedule's conditions, which the lists of answers join into their statements. */
export { dueDaySql, inReviewSql, scheduleJoin } from '../review/queries.ts';
