import { describe, expect, it } from 'vitest';
import {
  archiveTexts,
  bulkRuleTexts,
  bulkTexts,
  modifyTexts,
  questionRuleTexts,
  questionSaveTexts,
  questionTexts,
  teacherTexts,
  uploadTexts,
} from './authoringTexts.ts';

/** The Korean mirror's logic (common/authoringTexts.test.ts for English): each branch, words written out. */
describe('authoring texts (Korean)', () => {
  it('question form and rules', () => {
    expect(questionTexts.typeNames.s).toBe('단답형');
    expect(questionTexts.optionsLegend(true)).toBe('보기 (정답을 모두 표시하세요)');
    expect(questionTexts.optionsLegend(false)).toBe('보기 (정답 하나를 표시하세요)');
    expect(questionTexts.option(3)).toBe('보기 3');
    expect(questionTexts.optionIsRight(2)).toBe('2번 보기가 정답');
    expect(questionTexts.zoneTime('Asia/Seoul')).toBe('Asia/Seoul 기준');
    expect(questionRuleTexts.optionCount(true, 2, 10)).toBe('복수 정답 문제는 보기가 2~10개여야 합니다');
    expect(questionRuleTexts.optionCount(false, 2, 6)).toBe('객관식 문제는 보기가 2~6개여야 합니다');
    expect(questionRuleTexts.dueFar(365)).toBe('365일 이내여야 합니다');
  });

  it('bulk item rules', () => {
    expect(bulkRuleTexts.titleTooLong(200)).toBe('제목(title)이 200자를 넘습니다');
    expect(bulkRuleTexts.questionTooLong(5000)).toBe('문제(question)가 5000자를 넘습니다');
    expect(bulkRuleTexts.answerTooLong(1000)).toBe('정답(answer)이 1000자를 넘습니다');
    expect(bulkRuleTexts.explanationTooLong(4000)).toBe('해설(explanation)이 4000자를 넘습니다');
    expect(bulkRuleTexts.targetProblem('지난 시각일 수 없습니다')).toBe(
      '마감일(targetDate)은 지난 시각일 수 없습니다',
    );
    expect(bulkRuleTexts.ruleProblem('정답', '보기 중 하나여야 합니다')).toBe(
      '정답: 보기 중 하나여야 합니다',
    );
    expect(bulkRuleTexts.invalidAt(3, 7, 42, 'Unexpected token')).toBe(
      'JSON이 올바르지 않습니다: 3번째 줄, 7번째 칸 (위치 42): Unexpected token',
    );
    expect(bulkRuleTexts.invalid('Unexpected end')).toBe('JSON이 올바르지 않습니다: Unexpected end');
  });

  it('saving questions', () => {
    expect(questionSaveTexts.notDateTime('2026-11-25T18:00')).toBe(
      '2026-11-25T18:00처럼 날짜와 시각이어야 합니다',
    );
    expect(questionSaveTexts.unknownStudents(['ann', 'bo'])).toBe('등록되지 않은 학생입니다: "ann", "bo"');
    expect(questionSaveTexts.unknownStudent('ann')).toBe('등록되지 않은 학생 "ann"');
    expect(questionSaveTexts.bulkItem(2, ['가', '나'])).toBe('2번 항목: 가, 나');
    expect(questionSaveTexts.bulkRefused(2, 5, ['1번 항목: 가', '3번 항목: 나'], 0)).toBe(
      '문제 5개 중 2개를 저장할 수 없어 아무것도 저장하지 않았습니다. 1번 항목: 가; 3번 항목: 나',
    );
    expect(questionSaveTexts.bulkRefused(30, 40, ['1번 항목: 가'], 3)).toBe(
      '문제 40개 중 30개를 저장할 수 없어 아무것도 저장하지 않았습니다. 1번 항목: 가 (그 밖에 3개 항목)',
    );
    expect(questionSaveTexts.noQuestions([4, 9])).toBe('번호가 4, 9인 문제가 없습니다.');
    expect(questionSaveTexts.noQuestionIds([4, 9])).toBe('번호가 4, 9인 문제가 없습니다');
    expect(questionSaveTexts.topicExists('loops')).toBe('"loops" 주제는 이미 있습니다.');
  });

  it('upload form and bulk upload', () => {
    expect(uploadTexts.tab(2)).toBe('문제 2');
    expect(uploadTexts.closeQuestion(2)).toBe('문제 2 닫기');
    expect(uploadTexts.confirmClose(2)).toBe('2번 문제를 닫을까요? 작성한 내용은 사라집니다.');
    expect(uploadTexts.lock('제목')).toBe('제목 고정');
    expect(uploadTexts.locked('제목')).toBe('올린 뒤에도 제목 유지됨');
    expect(uploadTexts.keep('제목')).toBe('올린 뒤에도 제목 유지');
    expect(uploadTexts.chosen(3)).toBe('(3명 선택)');
    expect(uploadTexts.afterSubmitting(true)).toBe('이 답을 제출한 뒤');
    expect(uploadTexts.afterSubmitting(false)).toBe('정답을 제출한 뒤');
    expect(uploadTexts.dueDateProblem('지난 시각일 수 없습니다')).toBe('마감일은 지난 시각일 수 없습니다.');
    expect(uploadTexts.ruleProblem('정답', '보기 중 하나여야 합니다')).toBe('정답: 보기 중 하나여야 합니다.');
    expect(bulkTexts.zoneAfter('Asia/Seoul')).toBe(')는 Asia/Seoul 기준입니다.');
    expect(bulkTexts.uploadingCount(4)).toBe('문제 4개를 올리는 중…');
    expect(bulkTexts.saved(4)).toBe('문제 4개를 저장했습니다.');
    expect(bulkTexts.haveProblems(2)).toBe('문제 2개에 고칠 점이 있습니다. 먼저 고쳐 주세요.');
    expect(bulkTexts.parsed(4, 0)).toBe('문제 4개를 읽었습니다. 모두 올릴 수 있습니다.');
    expect(bulkTexts.parsed(4, 2)).toBe('문제 4개를 읽었습니다. 2개에 고칠 점이 있습니다.');
    expect(bulkTexts.item(3)).toBe('3번 항목');
    expect(bulkTexts.problemsOf(3)).toBe('3번 항목의 문제점');
    expect(bulkTexts.perLine('보기')).toBe('보기 (한 줄에 하나씩)');
  });

  it('modify, archive and teacher page', () => {
    expect(modifyTexts.questionNumber(12)).toBe('문제 12');
    expect(modifyTexts.modified(3, 0)).toBe('문제 3개를 수정했습니다.');
    expect(modifyTexts.modified(2, 5)).toBe('문제 2개를 수정했습니다. 채점 5건이 바뀌었습니다.');
    expect(modifyTexts.pending(2)).toBe('저장 전 변경 사항 (2)');
    expect(modifyTexts.markNames[0]).toBe('미채점');
    expect(modifyTexts.markNames[-1]).toBe('오답');
    expect(modifyTexts.markNames[1]).toBe('정답');
    expect(modifyTexts.remarked('ann', 7, '정답', '오답')).toBe('ann, 문제 7: 정답 → 오답');
    expect(modifyTexts.codeLanguage('문제')).toBe('문제 코드 언어');
    expect(modifyTexts.codeOf('정답')).toBe('정답 코드');
    expect(modifyTexts.removeOption(2)).toBe('보기 2 삭제');
    expect(archiveTexts.searchCut(100)).toBe('검색어는 100자까지만 쓰입니다. 그 뒤는 검색하지 않습니다.');
    expect(archiveTexts.searchLimit(100)).toBe('100자까지 입력할 수 있습니다.');
    expect(archiveTexts.found(2, '')).toBe('문제 2개');
    expect(archiveTexts.found(2, 'loop')).toBe('“loop” 검색 결과: 문제 2개');
    expect(archiveTexts.assigned(3, 'ann, bo')).toBe('문제 3개를 ann, bo에게 내주었습니다.');
    expect(archiveTexts.reassign(3)).toBe('다시 내주기 (3)');
    expect(teacherTexts.statsOf('ann')).toBe('ann 학생의 통계');
    expect(teacherTexts.removeOf('ann')).toBe('ann 삭제');
  });
});
