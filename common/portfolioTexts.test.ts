import { describe, expect, it } from 'vitest';
import {
  portfolioTexts,
  previousTexts,
  sandboxTexts,
  spinnerTexts,
  stopwatchTexts,
  wallTexts,
} from './portfolioTexts.ts';

/**
 * The English public pages' text logic: every function and list, the spinner's plural
 * one and several; the words written out by hand. The stopwatch's ages and durations are in
 * common/portfolio/stopwatch.test.ts.
 */
describe('portfolio texts (English)', () => {
  it('landing', () => {
    expect(portfolioTexts.periodPhotos('2019')).toBe('Photos of 2019');
    expect(portfolioTexts.showPhoto(2, 5)).toBe('Show photo 2 of 5');
    expect(portfolioTexts.photoOf(2, 5, 'Campus')).toBe('Photo 2 of 5: Campus');
    expect(portfolioTexts.logo('Tutorfolio')).toBe('Tutorfolio logo');
    expect(portfolioTexts.pages.wall).toBe('Wall');
  });

  it('stopwatch commands', () => {
    expect(stopwatchTexts.commandLabel('start')).toBe('Type start');
    expect(stopwatchTexts.wrongWord('pause')).toBe('Type pause, then press Enter.');
    expect(stopwatchTexts.kinds.r).toBe('Resume');
  });

  it('wall, spinner, sandbox and the previous page', () => {
    expect(wallTexts.subtitle('Jin')).toBe('You can post the message to Jin in this page');
    expect(wallTexts.messageHint('Jin')).toBe(
      'Jin reads every message and chooses which appear on the board.',
    );
    expect(wallTexts.posted('Jin')).toBe('Thank you! Your message will appear here once Jin has read it.');
    expect(spinnerTexts.element(3)).toBe('Element 3');
    expect(spinnerTexts.resultIs('Apple')).toBe('The wheel chose: Apple');
    expect(spinnerTexts.wheel(1)).toBe('A wheel of 1 element');
    expect(spinnerTexts.wheel(4)).toBe('A wheel of 4 elements');
    expect(sandboxTexts.days).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(sandboxTexts.topics).toEqual(['Loops', 'Arrays', 'Recursion', 'Classes', 'SQL', 'Sorting']);
    expect(previousTexts.showMore('Java')).toBe('About Java');
  });
});
