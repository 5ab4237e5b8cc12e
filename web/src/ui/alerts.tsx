import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import styles from './alerts.module.css';

/**
 * The spec's "alerts" (spec 1 §5, §8), shown in the page instead of window.alert: the exact text in a
 * live region screen readers announce, which stays until dismissed or replaced and survives the
 * navigation that often follows it (a 401 sends the user to /login with the alert still shown).
 */
type Alert = { id: number; text: string; tone: 'error' | 'info' };
type AlertApi = { showAlert: (text: string, tone?: Alert['tone']) => void; clearAlert: () => void };

const AlertContext = createContext<AlertApi | null>(null);
const FLASH_KEY = 'tutorfolio:flash';

/** An alert to show after the page reloads (pages that reload after a submit, as the spec asks). */
export function flashAlert(text: string, tone: Alert['tone'] = 'info'): void {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ text, tone }));
}

function takeFlash(): Alert | null {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (!raw) return null;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    const { text, tone } = JSON.parse(raw) as { text: string; tone: Alert['tone'] };
    return { id: 0, text, tone };
  } catch {
    return null;
  }
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<Alert | null>(takeFlash);
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
