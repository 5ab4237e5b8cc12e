import type { SuggestionReason } from './contracts/tutoring.ts';

/**
 * The words of the marking inbox's suggested marks (issue 19): what is suggested and why. The
 * reasons follow the server's codes (`suggestion.reason` of `GET marking`, server/marking/suggest.ts).
 */
export const markingTexts = {
  markName: { 1: 'Correct', [-1]: 'Wrong' } as Record<1 | -1, string>,
  suggested: 'Suggested:',
  reasons: {
    exact: () => 'Matches the model answer exactly.',
    normalised: () => 'Matches the model answer apart from case, spacing and punctuation.',
    code: () => 'Matches the model code apart from spacing.',
    earlier: (mark: string, count: number) =>
      count === 1
        ? `The same answer was marked ${mark} before.`
        : `The same answer was marked ${mark} ${count} times before.`,
  } satisfies Record<SuggestionReason, (mark: string, count: number) => string>,
  accept: 'Accept',
  acceptName: (mark: string, student: string) => `Accept the suggested mark ${mark} for ${student}`,
  acceptKey: 'accepts the suggestion',
};
