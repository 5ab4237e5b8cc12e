/** A submission's row, alone and with its question's, as the review and marking domains pass them. */
export type { SubmissionRow, SubmissionWithQuestion } from '../submissions/queries.ts';
