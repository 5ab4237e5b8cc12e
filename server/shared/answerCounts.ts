/**
 * How first answers count into their calendar days and their topic statistics without a recount:
 * each domain's data-modifying fragment, which the submit statement (`answerPending` in
 * submissions/queries.ts) holds in its `WITH`.
 */
export { countFirstAnswers } from '../calendars/queries.ts';
export { countAnswersByTopic } from '../stats/queries.ts';
