import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FloatingPanel } from './FloatingPanel.tsx';

let renders = 0;
function Counted() {
  renders++;
  return <p>month grid</p>;
}

describe('FloatingPanel', () => {
  it('renders its content at once, hidden while closed', () => {
    render(
      <FloatingPanel title="Calendar">
        <p>month grid</p>
      </FloatingPanel>,
    );
    expect(screen.getByText('month grid').closest('[hidden]')).not.toBeNull();
  });

  it('with mountWhenOpened, renders its content only once opened, and keeps it when closed again', async () => {
    renders = 0;
    render(
      <FloatingPanel title="Calendar" mountWhenOpened>
        <Counted />
      </FloatingPanel>,
    );
    expect(screen.queryByText('month grid')).toBeNull();
    expect(renders).toBe(0);
    const toggle = screen.getByRole('button', { name: 'Calendar' });
    await userEvent.click(toggle);
    expect(screen.getByText('month grid').closest('[hidden]')).toBeNull();
    expect(renders).toBe(1);
    await userEvent.click(toggle);
    expect(screen.getByText('month grid').closest('[hidden]')).not.toBeNull();
  });

  it('tells when the user reaches for its toggle (pointer or focus), before it opens', async () => {
    const onIntent = vi.fn();
    render(
      <FloatingPanel title="Calendar" mountWhenOpened onIntent={onIntent}>
        <Counted />
      </FloatingPanel>,
    );
    const toggle = screen.getByRole('button', { name: 'Calendar' });
    await userEvent.hover(toggle);
    expect(onIntent).toHaveBeenCalled();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    onIntent.mockClear();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(toggle);
    expect(onIntent).toHaveBeenCalled();
  });
});
