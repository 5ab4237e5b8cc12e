import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTexts } from '../i18n/texts.ts';
import styles from './FloatingPanel.module.css';
import { leastCovering } from './place.ts';

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
 * Where a panel of this size first opens, so that it hides as little of the page as it can: beside the
 * content where the window has room, else along the window's edges, covering no control (never the
 * focused one, which opened it) and neither the page's heading nor its first card if it can.
 */
export function firstPlace(width: number, height: number, own: Element) {
  const content = document.querySelector('main')?.getBoundingClientRect().right ?? innerWidth;
  const spot = leastCovering(
    width,
    height,
    own,
    content + width + 16 <= innerWidth ? [{ x: content, y: 80 }] : [],
    [document.querySelector('main h1'), document.querySelector('main article')],
    64,
    bottomLimit(),
  );
  return { ...spot, clear: spot.hidden === 0 };
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
  ready = true,
  openWhen = false,
  mountWhenOpened = false,
  onIntent,
}: {
  title: string;
  children: ReactNode;
  initiallyOpen?: boolean;
  /** False while the page's content is still loading: the panel is placed again once it is there. */
  ready?: boolean;
  /** Opens the panel when this turns true (the archive's first ticked question). */
  openWhen?: boolean;
  /**
   * The content is first rendered when the panel first opens (the submissions page's calendar: its
   * month grid and its request are not part of the page's first paint), then kept.
   */
  mountWhenOpened?: boolean;
  /** The user is about to open it (pointer over or down on the toggle, or focus): to fetch its code. */
  onIntent?: () => void;
}) {
  const { layoutTexts } = useTexts('messages');
  // On a phone the panel starts closed at the bottom, out of the way of the page.
  const phone = typeof window !== 'undefined' && window.innerWidth <= 480;
  const [open, setOpen] = useState(initiallyOpen && !phone);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const [position, setPosition] = useState(() => ({
    x: phone ? 8 : 16,
    y: phone ? window.innerHeight - 56 : 80,
  }));
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Until the user moves it, the panel takes the place that covers least of the page's start; until
  // the user opens or closes it, an open panel with no clear place starts closed (only its bar shows).
  const moved = useRef(phone);
  const toggled = useRef(false);

  const clamp = (x: number, y: number) => {
    const width = panel.current?.offsetWidth ?? 100;
    const height = panel.current?.offsetHeight ?? 40;
    return {
      x: Math.min(Math.max(0, x), Math.max(0, window.innerWidth - width)),
      y: Math.min(Math.max(0, y), Math.max(0, bottomLimit() - height)),
    };
  };
  // Opening near the bottom moves the panel up so all of it is on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed again only when it opens or closes, or the page's content arrives
  useLayoutEffect(() => {
    const box = panel.current;
    if (moved.current || !box) return setPosition((p) => clamp(p.x, p.y));
    const spot = firstPlace(box.offsetWidth, box.offsetHeight, box);
    if (!spot.clear && open && !toggled.current) return setOpen(false);
    setPosition(clamp(spot.x, spot.y));
  }, [open, ready]);
  // Content that grows after opening (a calendar whose code or month arrives then) keeps it on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clamp reads the panel's size when called
  useLayoutEffect(() => {
    const box = panel.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setPosition((p) => {
        const kept = clamp(p.x, p.y);
        return kept.x === p.x && kept.y === p.y ? p : kept;
      }),
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    if (!openWhen) return;
    toggled.current = true;
    setOpen(true);
  }, [openWhen]);
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    moved.current = true;
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
    moved.current = true;
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
          aria-label={layoutTexts.movePanel(title)}
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
          onPointerEnter={onIntent}
          onPointerDown={onIntent}
          onFocus={onIntent}
          onClick={() => {
            toggled.current = true;
            setOpen((o) => !o);
          }}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
        </button>
      </div>
      <div hidden={!open} className={styles.body}>
        {(opened || !mountWhenOpened) && children}
      </div>
    </div>
  );
}
