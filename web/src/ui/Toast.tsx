import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { limits } from '../../../common/limits.ts';
import { useTexts } from '../i18n/texts.ts';
import type { Spot } from './place.ts';
import styles from './Toast.module.css';

/**
 * The app's one toast system: success and error messages, and the alerts of docs/product.md,
 * "Messages", shown in the page instead of window.alert. Each toast holds its exact text, is
 * announced by screen readers (errors as `alert`, others as `status`), dismisses itself after
 * 4,000 ms unless the pointer is over the toasts, focus is in them or the tab is hidden, and
 * survives the navigation that often follows it (a 401 sends the user to /login with the toast
 * still shown). Its close button or Escape dismisses it. A new toast takes the place along the
 * window's edges that hides no control on screen (least of them if none is free), never the one
 * just pressed.
 * Not sonner: see "UI kit" in docs/architecture.md.
 */
export type ToastTone = 'success' | 'error' | 'info';
type Toast = { id: number; text: string; tone: ToastTone; key?: string };
export type ToastApi = {
  /**
   * Shows a message. It replaces the toast of the same tone (a new error is about the latest try,
   * so the earlier one no longer applies), so at most one error and one success show at once.
   * `key` names it for `dismissToast`.
   */
  showToast: (text: string, tone?: ToastTone, key?: string) => void;
  /** Removes the toast with this key (a message that no longer applies), or every toast. */
  dismissToast: (key?: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);
let placing: Promise<typeof import('./place.ts')> | undefined;
// Kept in this history entry's state, which a reload keeps: reading it costs nothing on the first
// render (session storage would make the first paint of every page wait for the storage to load).
const FLASH_KEY = 'tutorfolioFlash';
type EntryState = Record<string, unknown> | null;

/** A toast to show after the page reloads (pages that reload after a submit). */
export function flashToast(text: string, tone: ToastTone = 'success'): void {
  const state = window.history.state as EntryState;
  window.history.replaceState({ ...state, [FLASH_KEY]: { text, tone } }, '');
}

const TONES: readonly ToastTone[] = ['success', 'error', 'info'];

function readFlash(): Toast[] {
  const flash = (window.history.state as EntryState)?.[FLASH_KEY] as Partial<Toast> | undefined;
  if (typeof flash?.text !== 'string') return [];
  return [{ id: 0, text: flash.text, tone: TONES.find((t) => t === flash.tone) ?? 'info' }];
}

function forgetFlash(): void {
  const state = window.history.state as EntryState;
  if (!state || !(FLASH_KEY in state)) return;
  const { [FLASH_KEY]: _shown, ...rest } = state;
  window.history.replaceState(rest, '');
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { layoutTexts } = useTexts('messages');
  // The flash is read after the first render, which must match the page's HTML where the server
  // rendered it (web/src/prerender.tsx has no history to read).
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    const flash = readFlash();
    if (flash.length > 0) setToasts(flash);
    forgetFlash();
  }, []);
  const nextId = useRef(1);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // While the tab is hidden a toast waits for the user to come back.
  const [tabHidden, setTabHidden] = useState(false);
  const paused = hovered || focused || tabHidden;

  const showToast = useCallback((text: string, tone: ToastTone = 'error', key?: string) => {
    const toast: Toast = { id: nextId.current++, text, tone, key };
    setToasts((list) => [
      ...list.filter((t) => t.tone !== tone && (key === undefined || t.key !== key)),
      toast,
    ]);
  }, []);
  const dismissToast = useCallback((key?: string) => {
    setToasts((list) => (key === undefined ? [] : list.filter((t) => t.key !== key)));
  }, []);
  const remove = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const api = useMemo(() => ({ showToast, dismissToast }), [showToast, dismissToast]);

  const region = useRef<HTMLElement>(null);
  const [spot, setSpot] = useState<Spot & { for?: number }>();
  const newest = toasts.at(-1)?.id;
  // Placed before it is seen, once per new toast: a toast that moves while read is worse. The
  // placing code loads with the first toast (every page's first load is smaller without it); until
  // it is placed the toast is transparent, still announced.
  useLayoutEffect(() => {
    const box = region.current;
    if (newest === undefined || !box) return;
    placing ??= import('./place.ts');
    void placing.then(({ leastCovering }) =>
      setSpot({ ...leastCovering(box.offsetWidth, box.offsetHeight, box), for: newest }),
    );
  }, [newest]);
  useEffect(() => {
    const onTab = () => setTabHidden(document.visibilityState === 'hidden');
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setToasts([]);
    document.addEventListener('visibilitychange', onTab);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('visibilitychange', onTab);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  // Nothing left to hover or focus: a new toast must not inherit a pause.
  useEffect(() => {
    if (toasts.length === 0) {
      setHovered(false);
      setFocused(false);
    }
  }, [toasts.length]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        ref={region}
        aria-label={layoutTexts.notifications}
        className={styles.region}
        style={spot && { left: spot.x, top: spot.y, opacity: spot.for === newest ? 1 : 0 }}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} paused={paused} onDone={remove} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({
  toast,
  paused,
  onDone,
}: {
  toast: Toast;
  paused: boolean;
  onDone: (id: number) => void;
}) {
  const { layoutTexts } = useTexts('messages');
  // The time left survives pauses: hovering for a while does not restart the 4 seconds.
  const left = useRef(limits.toastDurationMs);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDone(toast.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused, onDone, toast.id]);
  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={`${styles.toast} ${styles[toast.tone]}`}
    >
      <span className={styles.text}>{toast.text}</span>
      <button
        type="button"
        className={styles.close}
        onClick={() => onDone(toast.id)}
        aria-label={layoutTexts.dismiss}
      >
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
