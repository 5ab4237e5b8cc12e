import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useTexts } from '../i18n/texts.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

/**
 * The app's confirms ('Are you sure to submit?') on the kit's Dialog: focus moves into it, Escape
 * cancels, and the page waits on a promise instead of blocking the browser. The message is plain
 * text, or what the page renders (the upload confirm shows code as code).
 */
type Pending = { message: ReactNode; resolve: (ok: boolean) => void };
type Confirm = (message: ReactNode) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { layoutTexts } = useTexts('messages');
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (message: ReactNode) => new Promise<boolean>((resolve) => setPending({ message, resolve })),
    [],
  );
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={pending !== null}
        onClose={() => answer(false)}
        actions={
          <>
            <Button onClick={() => answer(false)}>{layoutTexts.cancel}</Button>
            <Button variant="primary" onClick={() => answer(true)} data-autofocus>
              {layoutTexts.ok}
            </Button>
          </>
        }
      >
        {pending?.message}
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>.');
  return confirm;
}
