import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import styles from './ConfirmDialog.module.css';

/**
 * The spec's confirms ('Are you sure to submit?') as a modal <dialog>: focus moves into it, Escape
 * cancels, and the page waits on a promise instead of blocking the browser.
 */
type Pending = { message: string; resolve: (ok: boolean) => void };
const ConfirmContext = createContext<((message: string) => Promise<boolean>) | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const confirm = useCallback(
    (message: string) => new Promise<boolean>((resolve) => setPending({ message, resolve })),
    [],
  );
  useEffect(() => {
    if (pending && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [pending]);
  const answer = (ok: boolean) => {
    dialog.current?.close();
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && (
        <dialog
          ref={dialog}
          className={styles.dialog}
          aria-labelledby="confirm-message"
          onCancel={(event) => {
            event.preventDefault();
            answer(false);
          }}
        >
          <p id="confirm-message" className={styles.message}>
            {pending.message}
          </p>
          <div className={styles.buttons}>
            <button type="button" className={styles.cancel} onClick={() => answer(false)}>
              Cancel
            </button>
            {/* biome-ignore lint/a11y/noAutofocus: the dialog's main action takes focus when it opens */}
            <button type="button" className={styles.ok} onClick={() => answer(true)} autoFocus>
              OK
            </button>
          </div>
        </dialog>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): (message: string) => Promise<boolean> {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>.');
  return confirm;
}
