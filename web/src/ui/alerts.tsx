import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import styles from './alerts.module.css';

/**
 * The spec's "alerts" (spec 1 §5, §8), shown in the page instead of window.alert: the exact text in a
 * live region screen readers announce, which stays until dismissed or replaced and survives the
 * navigation that often follows it (a 401 sends the user to /login with the alert still shown).
 */
type Alert = { id: number; text: string; tone: 'error' | 'info' };
type AlertApi = { showAlert: (text: string, tone?: Alert['tone']) => void; clearAlert: () => void };

const AlertContext = createContext<AlertApi | null>(null);
// Kept in this history entry's state, which a reload keeps: reading it costs nothing on the first
// render (session storage would make the first paint of every page wait for the storage to load).
const FLASH_KEY = 'tutorfolioFlash';
type EntryState = Record<string, unknown> | null;

/** An alert to show after the page reloads (pages that reload after a submit, as the spec asks). */
export function flashAlert(text: string, tone: Alert['tone'] = 'info'): void {
  const state = window.history.state as EntryState;
  window.history.replaceState({ ...state, [FLASH_KEY]: { text, tone } }, '');
}

function readFlash(): Alert | null {
  const flash = (window.history.state as EntryState)?.[FLASH_KEY] as Partial<Alert> | undefined;
  if (typeof flash?.text !== 'string') return null;
  return { id: 0, text: flash.text, tone: flash.tone === 'error' ? 'error' : 'info' };
}

function forgetFlash(): void {
  const state = window.history.state as EntryState;
  if (!state || !(FLASH_KEY in state)) return;
  const { [FLASH_KEY]: _shown, ...rest } = state;
  window.history.replaceState(rest, '');
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<Alert | null>(readFlash);
  useEffect(forgetFlash, []);
  const nextId = useRef(1);
  const showAlert = useCallback((text: string, tone: Alert['tone'] = 'error') => {
    setAlert({ id: nextId.current++, text, tone });
  }, []);
  const clearAlert = useCallback(() => setAlert(null), []);
  const api = useMemo(() => ({ showAlert, clearAlert }), [showAlert, clearAlert]);
  return (
    <AlertContext.Provider value={api}>
      {children}
      <div className={styles.region}>
        {alert && (
          <div key={alert.id} role="alert" className={`${styles.alert} ${styles[alert.tone]}`}>
            <span className={styles.text}>{alert.text}</span>
            <button type="button" className={styles.close} onClick={clearAlert} aria-label="Dismiss">
              ×
            </button>
          </div>
        )}
      </div>
    </AlertContext.Provider>
  );
}

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert must be used inside <AlertProvider>.');
  return api;
}
