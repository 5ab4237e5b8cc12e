import { describe, expect, it } from 'vitest';
import {
  portfolioTexts,
  previousTexts,
  sandboxTexts,
  spinnerTexts,
  stopwatchTexts,
  wallTexts,
} from './portfolioTexts.ts';

/** The Korean public pages' text logic: each function and list, the words written out by hand. */
describe('portfolio texts (Korean)', () => {
  it('landing', () => {
    expect(portfolioTexts.periodPhotos('대학')).toBe('대학 사진');
    expect(portfolioTexts.showPhoto(2, 5)).toBe('사진 5장 중 2번째 보기');
    expect(portfolioTexts.photoOf(2, 5, '캠퍼스')).toBe('사진 2/5: 캠퍼스');
    expect(portfolioTexts.logo('Tutorfolio')).toBe('Tutorfolio 로고');
    expect(portfolioTexts.pages.wall).toBe('방명록');
  });

  it('stopwatch: commands, ages and durations', () => {
    expect(stopwatchTexts.commandLabel('start')).toBe('start 입력');
    expect(stopwatchTexts.wrongWord('pause')).toBe("'pause'라고 입력한 뒤 Enter를 누르세요.");
    expect(stopwatchTexts.kinds.r).toBe('다시 시작');
    expect(stopwatchTexts.ago(3, 'year')).toBe('3년 전');
    expect(stopwatchTexts.ago(2, 'month')).toBe('2개월 전');
    expect(stopwatchTexts.ago(5, 'day')).toBe('5일 전');
    expect(stopwatchTexts.ago(1, 'hour')).toBe('1시간 전');
    expect(stopwatchTexts.ago(10, 'minute')).toBe('10분 전');
    expect(stopwatchTexts.duration(2, 5)).toBe('2시간 5분');
    expect(stopwatchTexts.duration(2, 0)).toBe('2시간');
    expect(stopwatchTexts.duration(0, 5)).toBe('5분');
    expect(stopwatchTexts.duration(0, 0)).toBe('');
  });

  it('wall, spinner, sandbox and the previous page', () => {
    expect(wallTexts.subtitle('Jin')).toBe('이 페이지에서 Jin님께 메시지를 남길 수 있습니다');
    expect(wallTexts.messageHint('Jin')).toBe('Jin님이 모든 메시지를 읽고 방명록에 올릴 메시지를 고릅니다.');
    expect(wallTexts.posted('Jin')).toBe('감사합니다! Jin님이 읽고 나면 메시지가 여기에 올라옵니다.');
    expect(spinnerTexts.element(3)).toBe('항목 3');
    expect(spinnerTexts.resultIs('사과')).toBe('돌림판의 선택: 사과');
    expect(spinnerTexts.wheel(4)).toBe('항목 4개짜리 돌림판');
    expect(sandboxTexts.days).toEqual(['월', '화', '수', '목', '금', '토', '일']);
    expect(sandboxTexts.topics).toEqual(['반복문', '배열', '재귀', '클래스', 'SQL', '정렬']);
    expect(previousTexts.showMore('Java')).toBe('Java 자세히 보기');
  });
});
