import { describe, expect, it } from 'vitest';
import {
  archiveTexts,
  bankTexts,
  bulkRuleTexts,
  bulkTexts,
  modifyTexts,
  questionRuleTexts,
  questionSaveTexts,
  questionTexts,
  teacherTexts,
  uploadTexts,
} from './authoringTexts.ts';

/**
 * The logic of the question tools' English texts (the mutation run of common/ reaches text
 * functions only through these tests): every function called with values that choose each branch, the
 * expected words written out by hand (the product's own where it fixes them).
 */
describe('authoring texts (English)', () => {
  it('question form', () => {
    expect(questionTexts.typeNames.m).toBe('Multiple choice');
    expect(questionTexts.optionsLegend(true)).toBe('Options (mark the right ones)');
    expect(questionTexts.optionsLegend(false)).toBe('Options (mark the right one)');
    expect(questionTexts.option(3)).toBe('Option 3');
    expect(questionTexts.optionIsRight(2)).toBe('Option 2 is right');
    expect(questionTexts.zoneTime('Asia/Seoul')).toBe('Asia/Seoul time');
  });

  it('question bank files, counted in the singular and the plural', () => {
    expect(bankTexts.read(1, 0)).toBe('Read 1 question from the file. Nothing is saved until you Submit.');
    expect(bankTexts.read(3, 2)).toBe(
      'Read 3 questions from the file; 2 not imported (listed below). Nothing is saved until you Submit.',
    );
    expect(bankTexts.notImported(1)).toBe('1 question not imported');
    expect(bankTexts.notImported(4)).toBe('4 questions not imported');
    expect(bankTexts.skipped(4, bankTexts.kinds.matching)).toBe('Question 4 (matching) skipped');
    expect(bankTexts.unreadable(2, bankTexts.braces)).toBe(
      'Question 2 could not be read: a { has no } after it',
    );
    expect(bankTexts.otherKind('ddwtos')).toBe('type “ddwtos”');
    expect(bankTexts.tooLarge(1_048_576)).toBe('The file is larger than 1,048,576 bytes.');
    expect(bankTexts.tooMany(1000, 1001)).toBe(
      'The file holds 1001 questions; one upload takes at most 1,000.',
    );
    expect(bankTexts.notXml('bad tag')).toBe('The file is not well-formed XML: bad tag');
    expect(bankTexts.alsoAccepted(['a', 'b'])).toBe('Also accepted: a, b');
    expect(bankTexts.exportTicked(1)).toBe('Download 1 question ticked');
    expect(bankTexts.exportFound(2)).toBe('Download 2 questions found');
    expect(bankTexts.exported(1)).toBe('Downloaded 1 question.');
    expect(bankTexts.exportCut(1000)).toBe(
      'Only the first 1,000 were downloaded: as many as one upload takes.',
    );
  });

  it('question rules', () => {
    expect(questionRuleTexts.optionCount(true, 2, 10)).toBe(
      'a multiple-answer question needs 2 to 10 options',
    );
    expect(questionRuleTexts.optionCount(false, 2, 6)).toBe(
      'a multiple-choice question needs 2 to 6 options',
    );
    expect(questionRuleTexts.dueFar(365)).toBe('must be at most 365 days ahead');
    expect(questionRuleTexts.dueFar(1)).toBe('must be at most 1 day ahead');
  });

  it('bulk item rules', () => {
    expect(bulkRuleTexts.titleTooLong(200)).toBe('Title is longer than 200 characters');
    expect(bulkRuleTexts.questionTooLong(5000)).toBe('Question is longer than 5000 characters');
    expect(bulkRuleTexts.answerTooLong(1000)).toBe('Answer is longer than 1000 characters');
    expect(bulkRuleTexts.explanationTooLong(4000)).toBe('Explanation is longer than 4000 characters');
    expect(bulkRuleTexts.titleTooLong(1)).toBe('Title is longer than 1 character');
    expect(bulkRuleTexts.targetProblem('must not be in the past')).toBe(
      'Target date must not be in the past',
    );
    expect(bulkRuleTexts.ruleProblem('Answer', 'must be one of the options')).toBe(
      'Answer: must be one of the options',
    );
    expect(bulkRuleTexts.invalidAt(3, 7, 42, 'Unexpected token')).toBe(
      'Invalid JSON at line 3, column 7 (position 42): Unexpected token',
    );
    expect(bulkRuleTexts.invalid('Unexpected end')).toBe('Invalid JSON: Unexpected end');
  });

  it('saving questions', () => {
    expect(questionSaveTexts.notDateTime('2026-11-25T18:00')).toBe(
      'must be a date-time such as 2026-11-25T18:00',
    );
    expect(questionSaveTexts.unknownStudents(['ann'])).toBe('unknown student "ann"');
    expect(questionSaveTexts.unknownStudents(['ann', 'bo'])).toBe('unknown students "ann", "bo"');
    expect(questionSaveTexts.unknownStudent('ann')).toBe('Unknown student "ann"');
    expect(questionSaveTexts.bulkItem(2, ['Title is missing', 'Answer is missing'])).toBe(
      'Item 2: Title is missing, Answer is missing',
    );
    expect(questionSaveTexts.bulkRefused(2, 5, ['Item 1: a', 'Item 3: b'], 0)).toBe(
      '2 of 5 questions cannot be saved; nothing was saved. Item 1: a; Item 3: b',
    );
    expect(questionSaveTexts.bulkRefused(30, 40, ['Item 1: a'], 3)).toBe(
      '30 of 40 questions cannot be saved; nothing was saved. Item 1: a (and 3 more items)',
    );
    expect(questionSaveTexts.bulkRefused(1, 1, ['Item 1: a'], 0)).toBe(
      '1 of 1 question cannot be saved; nothing was saved. Item 1: a',
    );
    expect(questionSaveTexts.bulkRefused(12, 20, ['Item 1: a'], 1)).toBe(
      '12 of 20 questions cannot be saved; nothing was saved. Item 1: a (and 1 more item)',
    );
    expect(questionSaveTexts.noQuestions([4, 9])).toBe('No question with id 4, 9.');
    expect(questionSaveTexts.noQuestionIds([4, 9])).toBe('no question with id 4, 9');
    expect(questionSaveTexts.topicExists('loops')).toBe('The topic "loops" already exists.');
  });

  it('upload form', () => {
    expect(uploadTexts.tab(2)).toBe('Question 2');
    expect(uploadTexts.closeQuestion(2)).toBe('Close question 2');
    expect(uploadTexts.confirmClose(2)).toBe('Close question 2? What is written in it is lost.');
    expect(uploadTexts.lock('Title')).toBe('Lock Title');
    expect(uploadTexts.locked('Title')).toBe('Title is kept after an upload');
    expect(uploadTexts.keep('Title')).toBe('Keep Title after an upload');
    expect(uploadTexts.chosen(3)).toBe('(3 chosen)');
    expect(uploadTexts.afterSubmitting(true)).toBe('After submitting this answer');
    expect(uploadTexts.afterSubmitting(false)).toBe('After submitting the right answer');
    expect(uploadTexts.dueDateProblem('must not be in the past')).toBe('Due Date must not be in the past.');
    expect(uploadTexts.ruleProblem('Answer', 'must be one of the options')).toBe(
      'Answer: must be one of the options.',
    );
  });

  it('bulk upload', () => {
    expect(bulkTexts.zoneAfter('Asia/Seoul')).toBe(') are Asia/Seoul time.');
    expect(bulkTexts.uploadingCount(4)).toBe('Uploading 4 questions…');
    expect(bulkTexts.saved(4)).toBe('Saved 4 questions.');
    expect(bulkTexts.haveProblems(2)).toBe('2 questions have problems; fix them first.');
    expect(bulkTexts.parsed(4, 0)).toBe('4 questions parsed, all ready.');
    expect(bulkTexts.parsed(4, 2)).toBe('4 questions parsed, 2 with problems.');
    expect(bulkTexts.uploadingCount(1)).toBe('Uploading 1 question…');
    expect(bulkTexts.saved(1)).toBe('Saved 1 question.');
    expect(bulkTexts.haveProblems(1)).toBe('1 question has problems; fix them first.');
    expect(bulkTexts.parsed(1, 0)).toBe('1 question parsed, all ready.');
    expect(bulkTexts.parsed(1, 1)).toBe('1 question parsed, 1 with problems.');
    expect(bulkTexts.item(3)).toBe('Item 3');
    expect(bulkTexts.problemsOf(3)).toBe('Problems of item 3');
    expect(bulkTexts.perLine('Options')).toBe('Options (one per line)');
  });

  it('modify', () => {
    expect(modifyTexts.questionNumber(12)).toBe('Question 12');
    expect(modifyTexts.modified(1, 0)).toBe('Modified 1 question.');
    expect(modifyTexts.modified(3, 0)).toBe('Modified 3 questions.');
    expect(modifyTexts.modified(2, 5)).toBe('Modified 2 questions; 5 marks changed.');
    expect(modifyTexts.modified(1, 1)).toBe('Modified 1 question; 1 mark changed.');
    expect(modifyTexts.pending(2)).toBe('Pending changes (2)');
    expect(modifyTexts.markNames[-1]).toBe('wrong');
    expect(modifyTexts.remarked('ann', 7, 'correct', 'wrong')).toBe('ann, question 7: correct → wrong');
    expect(modifyTexts.codeLanguage('Question')).toBe('Question code language');
    expect(modifyTexts.codeOf('Answer')).toBe('Answer code');
    expect(modifyTexts.removeOption(2)).toBe('Remove option 2');
  });

  it('archive', () => {
    expect(archiveTexts.searchCut(100)).toBe('Search text stops at 100 characters; only those are searched.');
    expect(archiveTexts.searchLimit(100)).toBe('Up to 100 characters.');
    expect(archiveTexts.searchLimit(1)).toBe('Up to 1 character.');
    expect(archiveTexts.found(1, '')).toBe('1 question');
    expect(archiveTexts.found(0, '')).toBe('0 questions');
    expect(archiveTexts.found(2, 'loop')).toBe('2 questions matching “loop”');
    expect(archiveTexts.assigned(1, 'ann')).toBe('Assigned 1 question to ann.');
    expect(archiveTexts.assigned(3, 'ann, bo')).toBe('Assigned 3 questions to ann, bo.');
    expect(archiveTexts.reassign(3)).toBe('Reassign (3)');
  });

  it('teacher page', () => {
    expect(teacherTexts.statsOf('ann')).toBe("ann's statistics");
    expect(teacherTexts.removeOf('ann')).toBe('Remove ann');
  });
});
