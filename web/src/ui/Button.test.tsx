import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './Button.tsx';

describe('Button', () => {
  it('is a plain button by default, so it never submits the form it sits in', async () => {
    const submit = vi.fn((e: Event) => e.preventDefault());
    const clicked = vi.fn();
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button onClick={clicked}>Preview</Button>
        <Button type="submit" variant="primary">
          Send
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(clicked).toHaveBeenCalledOnce();
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(submit).toHaveBeenCalledOnce();
  });

  it('takes its look from the variant and size, and keeps a disabled button from acting', async () => {
    const clicked = vi.fn();
    render(
      <>
        <Button variant="danger" size="sm" className="extra" disabled onClick={clicked}>
          Remove all
        </Button>
        <Button variant="ghost" size="lg">
          Later
        </Button>
      </>,
    );
    const remove = screen.getByRole('button', { name: 'Remove all' });
    expect(remove.className).toBe(buttonClass({ variant: 'danger', size: 'sm', className: 'extra' }));
    expect(remove.className).toMatch(/danger/);
    expect(remove.className).toMatch(/sm/);
    expect(remove.className).toMatch(/extra/);
    await userEvent.click(remove);
    expect(clicked).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Later' }).className).toMatch(/ghost.*lg/);
    expect(buttonClass()).toMatch(/secondary.*md/);
  });
});
