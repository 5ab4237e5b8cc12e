import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/Toast.tsx';
import { useSubmit } from './useSubmit.ts';

const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;

/** A send that waits until the test settles it. */
function pending() {
  let settle: { resolve: () => void; reject: (error: unknown) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const send = vi.fn(() => new Promise<void>((resolve, reject) => (settle = { resolve, reject })));
  return { send, settle: () => settle };
}

describe('useSubmit', () => {
  it('shows the problem with the fields instead of sending', () => {
    const send = vi.fn(async () => {});
    const { result } = renderHook(() => useSubmit({ check: () => 'Enter your email.', send, onError() {} }), {
      wrapper,
    });
    act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
    expect(screen.getByText('Enter your email.')).toBeTruthy();
  });

  it('sends once while busy, then is ready again; a failure goes to onError', async () => {
    const { send, settle } = pending();
    const onError = vi.fn();
    const { result } = renderHook(() => useSubmit({ check: () => null, send, onError }), { wrapper });
    act(() => result.current.submit());
    expect(result.current.busy).toBe(true);
    act(() => result.current.submit());
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => settle().reject(new Error('refused')));
    expect(onError).toHaveBeenCalledWith(new Error('refused'));
    expect(result.current.busy).toBe(false);
  });

  it('Enter in a field submits; other keys do not', () => {
    const send = vi.fn(async () => {});
    const { result } = renderHook(() => useSubmit({ send, onError() {} }), { wrapper });
    const key = (name: string) =>
      ({ key: name, preventDefault() {} }) as Parameters<typeof result.current.onEnter>[0];
    act(() => result.current.onEnter(key('a')));
    expect(send).not.toHaveBeenCalled();
    act(() => result.current.onEnter(key('Enter')));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stays busy after either outcome when the page is leaving', async () => {
    const { send, settle } = pending();
    const { result } = renderHook(() => useSubmit({ send, onError() {}, stayBusy: true }), { wrapper });
    act(() => result.current.submit());
    await act(async () => settle().resolve());
    expect(result.current.busy).toBe(true);
  });
});
