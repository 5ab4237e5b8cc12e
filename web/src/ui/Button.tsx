import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';
type Look = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The kit's button classes, for links that look like buttons (`<Link className={buttonClass(…)}>`). */
export function buttonClass({ variant = 'secondary', size = 'md', className }: Look = {}): string {
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ');
}

/**
 * The app's button. `primary` is the page's main action, `secondary` any other, `danger` one that
 * throws something away, `ghost` a quiet one inside a card or bar. `type` is "button" unless said
 * otherwise, so a button in a form never submits it by accident.
 */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & Look) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...rest} />;
}
