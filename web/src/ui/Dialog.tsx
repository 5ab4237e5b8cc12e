import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './Dialog.module.css';

/**
 * A modal `<dialog>`: while open the rest of the page is inert, focus moves into it (to the element
 * marked `data-autofocus`, else the first focusable one), Escape closes it through `onClose`, and focus
 * returns to where it was when it closes. `title` (or, without one, the first child) labels it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
}: {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  /** The buttons along the bottom (the main action last). */
  actions?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const labelId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (element.open) element.close();
      opener?.focus?.();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={labelId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {title !== undefined ? (
        <h2 id={labelId} className={styles.title}>
          {title}
        </h2>
      ) : null}
      <div id={title === undefined ? labelId : undefined} className={styles.body}>
        {children}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </dialog>
  );
}
