import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { textsNow } from '../i18n/texts.ts';
import styles from './Field.module.css';

type ControlProps = {
  id?: string;
  value?: unknown;
  maxLength?: number;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  className?: string;
};

/** `1,234 / 10,000 characters`: the counter's words (layoutTexts), shared with answers that count outside a Field. */
export function countText(length: number, max: number): string {
  const { layoutTexts } = textsNow();
  return `${layoutTexts.characters(length, max)}${length >= max ? layoutTexts.full : ''}`;
}

/**
 * A labelled form control: the label, one `<input>`, `<textarea>` or `<select>` (the child), a hint,
 * an error, and a character counter. The control gets its id, `aria-describedby` (hint, error,
 * counter) and `aria-invalid` from here, so every page's fields read the same to a screen reader.
 * The error is the page's current judgement of the value: pass null once it is fixed and it goes.
 */
export function Field({
  label,
  hint,
  error,
  counter,
  extra,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Shows `length / maxLength characters` under the control, from its `value` and `maxLength`. */
  counter?: boolean;
  /** Something beside the label, e.g. a lock toggle. */
  extra?: ReactNode;
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const generated = useId();
  const id = children.props.id ?? generated;
  const value = children.props.value;
  const max = children.props.maxLength;
  const length = typeof value === 'string' ? value.length : 0;
  const showCounter = counter && max !== undefined;
  const describedBy = [
    children.props['aria-describedby'],
    hint ? `${id}-hint` : null,
    error ? `${id}-error` : null,
    showCounter ? `${id}-count` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const control = cloneElement(children, {
    id,
    className: [styles.control, children.props.className].filter(Boolean).join(' '),
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
  });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {extra}
      </div>
      {control}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {/* Always present, so a screen reader announces an error the moment it appears. */}
      <p id={`${id}-error`} className={styles.error} aria-live="polite">
        {error ?? ''}
      </p>
      {showCounter && (
        <p id={`${id}-count`} className={`${styles.counter} ${length >= max * 0.9 ? styles.near : ''}`}>
          {countText(length, max)}
        </p>
      )}
    </div>
  );
}
