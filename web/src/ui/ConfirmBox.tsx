import type { ReactNode } from 'react';
import { useTexts } from '../i18n/texts.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

/** The open confirm (ConfirmDialog.tsx): the message, Cancel and OK; Escape cancels. */
export function ConfirmBox({ message, answer }: { message: ReactNode; answer: (ok: boolean) => void }) {
  const { layoutTexts } = useTexts('messages');
  return (
    <Dialog
      open
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
      {message}
    </Dialog>
  );
}
