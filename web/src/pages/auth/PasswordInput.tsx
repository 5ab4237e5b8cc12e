import { type KeyboardEvent, type RefObject, useState } from 'react';
import { useTexts } from '../../i18n/texts.ts';
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

/** A password field whose text can be shown or hidden. */
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
  const { authTexts } = useTexts('messages');
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
        aria-label={shown ? authTexts.hidePasswordName : authTexts.showPasswordName}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? authTexts.hidePassword : authTexts.showPassword}
      </button>
    </div>
  );
}
