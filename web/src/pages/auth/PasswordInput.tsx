import { type KeyboardEvent, type RefObject, useState } from 'react';
import styles from './auth.module.css';

type Props = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
};

/** A password field whose text can be shown or hidden (spec 1 §2). */
export function PasswordInput({
  id,
  value,
  onChange,
  onKeyDown,
  autoComplete,
  describedBy,
  inputRef,
}: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.passwordRow}>
      <input
        ref={inputRef}
        id={id}
        className={styles.input}
        type={shown ? 'text' : 'password'}
        value={value}
        autoComplete={autoComplete}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className={styles.toggle}
        aria-controls={id}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide' : 'Show'}
        <span className="visually-hidden"> password</span>
      </button>
    </div>
  );
}
