import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { QuestionStudent } from '../../../../common/contracts/tutoring.ts';
import { QuestionCard } from './QuestionCard.tsx';

const base: QuestionStudent = {
  id: 7,
  title: 'Injected <img src=x onerror=alert(1)>',
  question: "Text <script>alert(1)</script>&code:&type=sql:SELECT '<b>bold</b>';",
  type: 'M',
  candidates: [
    { id: 1, value: 'A <i>x</i>' },
    { id: 2, value: 'B' },
    { id: 3, value: 'C&code:int c = 3;' },
  ],
  hint: 'hint <u>u</u>',
  generatedDate: '2026-11-23T09:00:00+09:00',
  topics: ['sql'],
  pictures: [],
  targetDate: '2026-11-25T09:00:00+09:00',
  minLeft: 2880,
  hourLeft: 48,
  dayLeft: 2,
};

function Harness({ question }: { question: QuestionStudent }) {
  const [value, setValue] = useState('');
  return (
    <>
      <QuestionCard number={1} question={question} answer={{ value, onChange: setValue }} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('QuestionCard', () => {
  it('shows question text, options and code as text, never as HTML', () => {
    const { container } = render(<Harness question={base} />);
    expect(container.querySelector('img, script, b, i, u')).toBeNull();
    expect(screen.getByRole('heading', { name: /Injected <img src=x onerror=alert\(1\)>/ })).toBeTruthy();
    expect(container.textContent).toContain("SELECT '<b>bold</b>';");
    expect(screen.getByText('SQL')).toBeTruthy();
    expect(screen.getByText(/\(2 days left\)/)).toBeTruthy();
  });

  it('shows the pictures of the text, lazily, sized, with their alt text; never those of the explanation', () => {
    const id = 'a'.repeat(64);
    const pictures = [
      { id, part: 'question', alt: 'A right triangle', width: 640, height: 480 },
      { id: 'b'.repeat(64), part: 'explanation', alt: 'The answer drawn', width: 10, height: 10 },
    ] as const;
    render(<Harness question={{ ...base, pictures: [...pictures] }} />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1);
    const image = screen.getByRole('img', { name: 'A right triangle' });
    expect(image.getAttribute('src')).toBe(`/api/v1/pictures/${id}`);
    expect(image.getAttribute('width')).toBe('640');
    expect(image.getAttribute('height')).toBe('480');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('highlights code once highlight.js has arrived, still as text plus its own spans', async () => {
    const { container } = render(<Harness question={base} />);
    await waitFor(() => expect(container.querySelector('code .hljs-keyword')?.textContent).toBe('SELECT'));
    expect(container.querySelector('img, script, b, i, u')).toBeNull();
    expect(container.querySelector('code.language-sql')?.textContent).toBe("SELECT '<b>bold</b>';");
  });

  it('encodes multiple answers as a JSON array in option order', async () => {
    const user = userEvent.setup();
    render(<Harness question={base} />);
    await user.click(screen.getByRole('checkbox', { name: /^C/ }));
    await user.click(screen.getByRole('checkbox', { name: /^A/ }));
    expect(screen.getByTestId('value').textContent).toBe('["A <i>x</i>","C&code:int c = 3;"]');
    await user.click(screen.getByRole('checkbox', { name: /^A/ }));
    await user.click(screen.getByRole('checkbox', { name: /^C/ }));
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('takes one option for multiple choice and free text for short answers', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness question={{ ...base, type: 'm' }} />);
    await user.click(screen.getByRole('radio', { name: /^B/ }));
    await user.click(screen.getByRole('radio', { name: /^A/ }));
    expect(screen.getByTestId('value').textContent).toBe('A <i>x</i>');
    unmount();
    render(<Harness question={{ ...base, type: 's', candidates: [] }} />);
    await user.type(screen.getByRole('textbox', { name: 'Your answer to question 1' }), 'forty two');
    expect(screen.getByTestId('value').textContent).toBe('forty two');
  });
});

describe('code without a language tag', () => {
  it('is labelled "Code", never a language it may not be, and left uncoloured', async () => {
    const python = { ...base, question: 'What prints?&code:print("hi")', candidates: [], type: 's' as const };
    const { container } = render(<Harness question={python} />);
    expect(screen.getByText('Code')).toBeTruthy();
    expect(screen.queryByText('Java')).toBeNull();
    expect(container.querySelector('code')?.textContent).toBe('print("hi")');
    expect(container.querySelector('code')?.className).toBe('hljs');
    expect(container.textContent).not.toContain('&code:');
  });
});
