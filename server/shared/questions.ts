/**
 * What other domains read of the questions inside their own statements and transactions: the row and
 * its details, the fragments that aggregate a question's options and topics beside its row, which ids
 * are questions (and their locks), and the order of a student's pending questions.
 */
export {
  candidatesOf,
  existingQuestionIds,
  pendingOrder,
  pendingSortable,
  picturesOf,
  type QuestionDetails,
  type QuestionRow,
  questionColumns,
  topicsOf,
} from '../questions/queries.ts';
