import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limits } from '../../../common/limits.ts';
import { flashToast, type ToastApi, ToastProvider, useToast } from './Toast.tsx';

let api: ToastApi;
function Capture() {
  api = useToast();
  return null;
}
const renderToasts = () =>
  render(
    <ToastProvider>
      <Capture />
      <button type="button">elsewhere</button>
    </ToastProvider>,
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '');
});

describe('Toast', () => {
  it('announces errors as alerts and other messages as status, and dismisses them after 4,000 ms', () => {
    renderToasts();
    act(() => api.showToast('Title is missing.'));
    act(() => api.showToast('Successfully uploaded!', 'success'));
    expect(screen.getByRole('alert').textContent).toContain('Title is missing.');
    expect(screen.getByRole('status').textContent).toContain('Successfully uploaded!');
    expect(limits.toastDurationMs).toBe(4_000);
    act(() => vi.advanceTimersByTime(3_999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits while the pointer is over the toasts, and goes on with the time that was left', () => {
    renderToasts();
    act(() => api.showToast('Saved 3 questions.', 'success'));
    act(() => vi.advanceTimersByTime(3_000));
    const toast = screen.getByRole('status');
    fireEvent.pointerEnter(toast.parentElement!);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('status')).not.toBeNull();
    fireEvent.pointerLeave(toast.parentElement!);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits while focus is on a toast (a keyboard user reading it)', () => {
    renderToasts();
    act(() => api.showToast('There is an issue on the server.'));
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps one toast per tone (a new error replaces the old), dismissed by its button or by key', () => {
    renderToasts();
    act(() => api.showToast('Due Date must be at most 14 days ahead.', 'error', 'check'));
    act(() => api.showToast('Title is missing.', 'error', 'check'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Title is missing.×']);
    act(() => api.showToast('Saved 3 questions.', 'success'));
    act(() => api.dismissToast('check'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Saved 3 questions.');
    act(() => api.showToast('One'));
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('One×');
  });

  it('shows a flashed toast after a reload, once', () => {
    flashToast('Submitted 2 answers: 1 correct.');
    const first = renderToasts();
    expect(screen.getByRole('status').textContent).toContain('Submitted 2 answers: 1 correct.');
    first.unmount();
    renderToasts();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('goes with Escape, wherever focus is', () => {
    renderToasts();
    act(() => api.showToast('Title is missing.'));
    act(() => api.showToast('Saved 3 questions.', 'success'));
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes the place that hides no control, clear of the button just pressed', async () => {
    // jsdom lays nothing out: the pressed button spans the window's bottom 100 px, where a toast
    // would otherwise go, and the toasts are 300 × 60 px.
    const pressed = { left: 0, top: innerHeight - 100, right: innerWidth, bottom: innerHeight };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const box = this.textContent === 'elsewhere' ? pressed : { left: 0, top: 0, right: 0, bottom: 0 };
      return {
        ...box,
        x: box.left,
        y: box.top,
        width: box.right - box.left,
        height: box.bottom - box.top,
      } as DOMRect;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
    try {
      renderToasts();
      act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
      act(() => api.showToast('Title is missing.'));
      const region = screen.getByRole('region', { name: 'Notifications' });
      // The placing code arrives with the first toast; until then the toast is transparent.
      expect(region.style.opacity).not.toBe('1');
      await act(() => import('./place.ts'));
      expect(region.style.opacity).toBe('1');
      const top = Number.parseFloat(region.style.top);
      // The lowest place above the button, 16 px in from the right.
      expect(top + 60).toBeLessThanOrEqual(pressed.top);
      expect(top + 60).toBeGreaterThan(pressed.top - 8);
      expect(Number.parseFloat(region.style.left)).toBe(innerWidth - 300 - 16);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
