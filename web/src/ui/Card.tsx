import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';

type CardProps = HTMLAttributes<HTMLElement> & {
  /** `article` for one item of a list (a question, a submission), `section` for a part of a page. */
  as?: 'div' | 'section' | 'article' | 'li';
  /** A title shown at the top of the card, as a heading of this level. */
  title?: ReactNode;
  level?: 2 | 3;
  /** A coloured left edge: the item's state (correct, wrong, selected). */
  tone?: 'ok' | 'bad' | 'selected';
  children?: ReactNode;
};

/** A surface for one thing on a page: a white box with the kit's border, radius and spacing. */
export function Card({ as: Tag = 'div', title, level = 2, tone, className, children, ...rest }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Tag className={[styles.card, tone && styles[tone], className].filter(Boolean).join(' ')} {...rest}>
      {title !== undefined && <Heading className={styles.title}>{title}</Heading>}
      {children}
    </Tag>
  );
}
