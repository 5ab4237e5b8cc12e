import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazyPage.tsx';
import { RouteBoundary } from './RouteBoundary.tsx';

const address = 'http://localhost:3000/assets/ReviewPage-CJupXSjX.js';
const fetchFailure = () => new TypeError(`Failed to fetch dynamically imported module: ${address}`);
const failureText = `Loading chunk review failed.\n(error: ${address})`;

function ReviewPage() {
  return <h1>Review</h1>;
}

beforeEach(() => {
  // React reports every error a boundary catches on the console; the screens are what is tested.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // The failure is probed with a HEAD request: here the network is down.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Rendered inside an awaited act(), so React resumes a page when its chunk's promise settles. */
async function renderAt(path: string, page: { Page: ComponentType }, Broken?: ComponentType) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>Start page</p>} />
          <Route
            path="/review"
            element={
              <RouteBoundary fallback={<p>Loading the page…</p>}>
                <page.Page />
              </RouteBoundary>
            }
          />
          {Broken && (
            <Route
              path="/broken"
              element={
                <RouteBoundary fallback={<p>Loading the page…</p>}>
                  <Broken />
                </RouteBoundary>
              }
            />
          )}
        </Routes>
      </MemoryRouter>,
    );
  });
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
}

describe('a page whose chunk fails to load', () => {
  it('shows the loading state, then the failure with its type and address, and Retry loads it', async () => {
    let fail: (error: unknown) => void = () => {};
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockImplementationOnce(
        () =>
          new Promise((_, reject) => {
            fail = reject;
          }),
      )
      .mockResolvedValue(ReviewPage);
    await renderAt('/review', lazyPage('review', load));
    expect(screen.getByText('Loading the page…')).toBeTruthy();
    await act(async () => fail(fetchFailure()));

    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe(failureText);
    expect(load).toHaveBeenCalledOnce();

    await click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tries again by itself when the browser comes back online', async () => {
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(fetchFailure())
      .mockResolvedValue(ReviewPage);
    await renderAt('/review', lazyPage('review', load));
    await screen.findByRole('alert');
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeTruthy();
  });

  it('forgets a failed preload no page waited for, so opening the page tries again', async () => {
    const load = vi
      .fn<() => Promise<ComponentType>>()
      .mockRejectedValueOnce(fetchFailure())
      .mockResolvedValue(ReviewPage);
    const page = lazyPage('review', load);
    page.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await renderAt('/review', page);
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads a page once, however often it is preloaded and shown', async () => {
    const load = vi.fn(async () => ReviewPage);
    const page = lazyPage('review', load);
    page.preload();
    page.preload();
    await renderAt('/review', page);
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });
});

describe('a page that breaks while rendering', () => {
  it("shows 'Unexpected Application Error!' with a way back to the start page", async () => {
    function Broken(): never {
      throw new Error('a bug');
    }
    await renderAt(
      '/broken',
      lazyPage('review', async () => ReviewPage),
      Broken,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.queryByText(/a bug/)).toBeNull(); // no internals shown
    // The app opened on this page: there is no "back" inside the app, only the start page.
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
    await click(screen.getByRole('link', { name: 'Go to the start page' }));
    expect(await screen.findByText('Start page')).toBeTruthy();
  });
});
