import { describe, expect, it } from 'vitest';
import { reviewTexts } from './reviewTexts.ts';

/**
 * The English spaced review's text functions: every function, the streak one and
 * several, one word of each list; the words written out by hand.
 */
describe('review texts (English)', () => {
  it('the Review page and its links', () => {
    expect(reviewTexts.dueToday(3)).toBe('3 due today');
    expect(reviewTexts.comesBackOn('Nov 27')).toBe('Comes back on Nov 27');
    expect(reviewTexts.stepNote(1)).toBe('Right 1 time in a row');
    expect(reviewTexts.stepNote(3)).toBe('Right 3 times in a row');
    expect(reviewTexts.scheduleLinkOf('ann')).toBe("ann's review schedule");
    expect(reviewTexts.reviewLink('ann')).toBe("ann's Review");
    expect(reviewTexts.statsLink('ann')).toBe("ann's statistics");
  });

  it('the schedule page', () => {
    expect(reviewTexts.title('ann')).toBe("ann's review schedule");
    expect(reviewTexts.today('Nov 25')).toBe('Today: Nov 25');
    expect(reviewTexts.saveTopic('Loops')).toBe('Save the setting of Loops');
    expect(reviewTexts.removeTopic('Loops')).toBe('Remove the setting of Loops');
    expect(reviewTexts.filters.due).toBe('Due today');
    expect(reviewTexts.status.assigned).toBe('Assigned again');
    expect(reviewTexts.dueOn('Nov 27')).toBe('due Nov 27');
    expect(reviewTexts.step(2, 5)).toBe('step 2 of 5');
    expect(reviewTexts.pinLabel('Loops 1')).toBe('Pin Loops 1 to come back tomorrow');
    expect(reviewTexts.retireLabel('Loops 1')).toBe('Retire Loops 1 from Review');
    expect(reviewTexts.pinned('Loops 1')).toBe('Loops 1 comes back tomorrow.');
    expect(reviewTexts.retired('Loops 1')).toBe('Loops 1 is retired from Review.');
    expect(reviewTexts.confirmRetire('Loops 1')).toBe(
      'Retire "Loops 1"? It will not come back to Review unless you pin it again.',
    );
  });
});
