import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './Card.tsx';

describe('Card', () => {
  it('renders as the element asked for, with its title as a heading of the given level', () => {
    render(
      <Card as="article" title="Loops" level={3} tone="bad" aria-label="Question 1">
        <p>What prints?</p>
      </Card>,
    );
    const card = screen.getByRole('article', { name: 'Question 1' });
    expect(screen.getByRole('heading', { level: 3, name: 'Loops' }).parentElement).toBe(card);
    expect(card.className).toMatch(/card/);
    expect(card.className).toMatch(/bad/);
    expect(card.textContent).toContain('What prints?');
  });

  it('is a plain box without a title', () => {
    const { container } = render(<Card className="mine">Nothing to mark.</Card>);
    const card = container.firstElementChild!;
    expect(card.tagName).toBe('DIV');
    expect(card.className).toMatch(/mine/);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
