import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field.tsx';

function Title({ max = 10 }: { max?: number }) {
  const [value, setValue] = useState('');
  return (
    <Field
      label="Assignment Title"
      hint="What the student sees first"
      error={value.length > 0 && value.trim() === '' ? 'Title is missing.' : null}
      counter
    >
      <input value={value} maxLength={max} onChange={(e) => setValue(e.target.value)} />
    </Field>
  );
}

describe('Field', () => {
  it('labels its control and describes it with the hint and the counter', () => {
    render(<Title />);
    const input = screen.getByLabelText('Assignment Title');
    expect(input.tagName).toBe('INPUT');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['What the student sees first', '0 / 10 characters']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('counts as the user types up to the limit', async () => {
    render(<Title max={5} />);
    await userEvent.type(screen.getByLabelText('Assignment Title'), 'Loops and more');
    expect((screen.getByLabelText('Assignment Title') as HTMLInputElement).value).toBe('Loops');
    expect(screen.getByText(/5 \/ 5 characters/).textContent).toBe('5 / 5 characters (the most it can hold)');
  });

  it('shows an error while it holds and clears it once the value is fixed', async () => {
    render(<Title />);
    const input = screen.getByLabelText('Assignment Title');
    await userEvent.type(input, '  ');
    expect(screen.getByText('Title is missing.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(
      screen.getByText('Title is missing.').getAttribute('id'),
    );
    await userEvent.type(input, 'x');
    expect(screen.queryByText('Title is missing.')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('works with a select and a textarea, keeping their own ids', () => {
    render(
      <>
        <Field label="Type">
          <select id="type" defaultValue="m">
            <option value="m">Multiple choice</option>
          </select>
        </Field>
        <Field label="Explanation" extra={<button type="button">Lock</button>}>
          <textarea defaultValue="" />
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Type').id).toBe('type');
    expect(screen.getByLabelText('Explanation').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
  });
});
