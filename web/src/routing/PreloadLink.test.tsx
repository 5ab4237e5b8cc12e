import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreloadLink } from './PreloadLink.tsx';

const preloaded = vi.hoisted(() => [] as string[]);
vi.mock('./preload.ts', () => ({ preloadRoute: (path: string) => preloaded.push(path) }));

afterEach(() => {
  preloaded.length = 0;
});

function Next() {
  const location = useLocation();
  return (
    <p data-testid="next">
      {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

function renderLink(link: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={['/here']}>
      <Routes>
        <Route path="/here" element={link} />
        <Route path="/next" element={<Next />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PreloadLink, the app’s link', () => {
  it('is a plain link to the address that the router follows with its state', () => {
    renderLink(
      <PreloadLink to="/next?page=2" state={{ from: '/here' }} className="go">
        Next
      </PreloadLink>,
    );
    const link = screen.getByRole('link', { name: 'Next' });
    expect(link.getAttribute('href')).toBe('/next?page=2');
    expect(link.className).toBe('go');
    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByTestId('next').textContent).toBe('/next?page=2 {"from":"/here"}');
  });

  it('leaves a click with a modifier key or another target to the browser', () => {
    renderLink(<PreloadLink to="/next">Next</PreloadLink>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Next' }), { ctrlKey: true })).toBe(true);
    expect(screen.queryByTestId('next')).toBeNull();
  });

  it("lets the page's own click handler cancel the navigation", () => {
    renderLink(
      <PreloadLink to="/next" onClick={(event) => event.preventDefault()}>
        Next
      </PreloadLink>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(screen.queryByTestId('next')).toBeNull();
  });

  it("starts downloading the page's code on pointer, touch or focus, by its path alone", () => {
    const onFocus = vi.fn();
    renderLink(
      <PreloadLink to="/next?page=2#top" onFocus={onFocus}>
        Next
      </PreloadLink>,
    );
    const link = screen.getByRole('link', { name: 'Next' });
    fireEvent.pointerEnter(link);
    fireEvent.touchStart(link);
    fireEvent.focus(link);
    expect(preloaded).toEqual(['/next', '/next', '/next']);
    expect(onFocus).toHaveBeenCalledOnce();
  });
});
