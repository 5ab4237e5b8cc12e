import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { questionOnly } from '../../../test/fixtures.ts';
import { showLanguage } from '../../i18n/language.ts';
import { CheckResult } from './CheckResult.tsx';

const question = questionOnly({ type: 'm', answer: '4', explanation: '둘에 둘을 더하면 넷입니다.' });
const check = {
  studentAnswer: '3',
  marked: -1 as const,
  submitDate: '2026-03-10T11:00:00+09:00',
  redo: true,
};

afterEach(() => showLanguage('en'));

describe('CheckResult', () => {
  it('names every part of the result in Korean, dates in Korean, and no English word is left', async () => {
    await showLanguage('ko');
    const { container } = render(<CheckResult question={question} check={check} />);
    const terms = [...container.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['내 답', '정답', '결과', '제출 시각', '풀이']);
    expect(screen.getByText('틀림 (다시 풀기)')).toBeTruthy();
    expect(container.querySelector('time')!.textContent).toBe('2026년 3월 10일 (화) 오전 11:00');
    expect(container.textContent!.match(/[A-Za-z]{2,}/g)).toBeNull();
  });

  it('reads as before in English', () => {
    const { container } = render(
      <CheckResult question={question} check={{ ...check, marked: 0, redo: false }} />,
    );
    const terms = [...container.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['Your answer', 'Correct answer', 'Result', 'Submitted', 'Explanation']);
    expect(screen.getByText('Not marked yet')).toBeTruthy();
  });
});
