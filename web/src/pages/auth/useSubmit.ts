import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useToast } from '../../ui/Toast.tsx';

type Submit = {
  /** The first problem with what was typed, shown as an alert instead of sending; null when none. */
  check?: () => string | null;
  /** Sends the form; `busy` holds while it runs. */
  send: () => Promise<void>;
  /** What a failed send does. */
  onError: (error: unknown) => void;
  /** Either outcome leaves the page: the form stays disabled until it has gone. */
  stayBusy?: boolean;
};

/**
 * The sign-in pages' submit: one send at a time, the fields' problem as an alert before sending,
 * `busy` while the server works, and the failure to `onError`. `onSubmit` is the form's handler,
 * `onEnter` a field's key handler, `submit` a button's.
 */
export function useSubmit({ check, send, onError, stayBusy = false }: Submit) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (busy) return;
    const problem = check?.();
    if (problem) return showToast(problem);
    setBusy(true);
    try {
      await send();
    } catch (error) {
      onError(error);
    } finally {
      if (!stayBusy) setBusy(false);
    }
  };

  const submit = () => void run();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  // Enter submits even while the button is disabled, so empty fields get the spec's alerts.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };
  return { busy, submit, onSubmit, onEnter };
}
