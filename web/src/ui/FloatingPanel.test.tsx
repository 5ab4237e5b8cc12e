import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
