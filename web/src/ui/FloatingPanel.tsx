import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import styles from './FloatingPanel.module.css';

/**
 * Where the screen ends for a floating panel: the window's bottom, or the top of a bar fixed along
 * it (the answer panel on phones, marked `data-bottom-bar`), so the panel never slips behind it.
 */
function bottomLimit(): number {
  const bar = document.querySelector<HTMLElement>('[data-bottom-bar]');
  if (!bar || getComputedStyle(bar).position !== 'fixed') return window.innerHeight;
  return Math.min(window.innerHeight, bar.getBoundingClientRect().top);
}

/**
 * A panel that floats over the page: dragged by its handle with a mouse or a finger (pointer events),
 * moved with the arrow keys when the handle has focus, and collapsed or expanded by its toggle. It
 * stays inside the window.
 */
export function FloatingPanel({
  title,
  children,
  initiallyOpen = false,
}: {
  title: string;
  children: ReactNode;
  initiallyOpen?: boolean;
}) {
  // On a phone the panel starts closed at the bottom, out of the way of the page.
  const phone = typeof window !== 'undefined' && window.innerWidth <= 480;
  const [open, setOpen] = useState(initiallyOpen && !phone);
  const [position, setPosition] = useState(() => ({
    x: phone ? 8 : 16,
    y: phone ? window.innerHeight - 56 : 80,
  }));
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  const clamp = (x: number, y: number) => {
    const width = panel.current?.offsetWidth ?? 100;
    const height = panel.current?.offsetHeight ?? 40;
    return {
      x: Math.min(Math.max(0, x), Math.max(0, window.innerWidth - width)),
      y: Math.min(Math.max(0, y), Math.max(0, bottomLimit() - height)),
    };
  };
  // Opening near the bottom moves the panel up so all of it is on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-clamp only when it opens or closes
  useLayoutEffect(() => {
    setPosition((p) => clamp(p.x, p.y));
  }, [open]);
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    drag.current = { dx: event.clientX - position.x, dy: event.clientY - position.y };
    // Keep receiving the moves when the finger or mouse leaves the handle.
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser does not track (synthetic events): moves still arrive over the handle
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    setPosition(clamp(event.clientX - drag.current.dx, event.clientY - drag.current.dy));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setPosition((p) => clamp(p.x + move[0], p.y + move[1]));
  };

  return (
    <div
      ref={panel}
      className={styles.panel}
      style={{ left: position.x, top: position.y }}
      data-testid="floating-panel"
    >
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.handle}
          aria-label={`Move the ${title} panel (drag, or use the arrow keys)`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          ✥
        </button>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
        </button>
      </div>
      <div hidden={!open} className={styles.body}>
        {children}
      </div>
    </div>
  );
}
