import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { loadChunk } from '../routing/chunks.ts';
import type { ConfirmBox } from './ConfirmBox.tsx';
import { useToast } from './Toast.tsx';

/**
 * The app's confirms ('Are you sure to submit?') on the kit's Dialog: focus moves into it, Escape
 * cancels, and the page waits on a promise instead of blocking the browser. The message is plain
 * text, or what the page renders (the upload confirm shows code as code). The dialog's code and
 * styles load when a page first asks (no first load carries them); if they cannot, the failure is a
 * toast and the answer is no.
 */
type Pending = { message: ReactNode; resolve: (ok: boolean) => void };
type Confirm = (message: ReactNode) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);
let Box: typeof ConfirmBox | undefined;

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { showToast } = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    async (message: ReactNode) => {
      try {
        Box ??= (await loadChunk('confirm', () => import('./ConfirmBox.tsx'))).ConfirmBox;
      } catch (error) {
        showToast(String((error as Error).message));
        return false;
      }
      return new Promise<boolean>((resolve) => setPending({ message, resolve }));
    },
    [showToast],
  );
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && Box && <Box message={pending.message} answer={answer} />}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>.');
  return confirm;
}
