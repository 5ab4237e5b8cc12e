import { useTexts } from '../i18n/texts.ts';
import styles from './Pager.module.css';
import { PAGE_SIZES, pageWindow } from './paging.ts';

type SizeProps = {
  size: number;
  onSize: (size: number) => void;
  label?: string;
  /** Sizes offered besides the shared ones (a page's own default, such as the math results' 6). */
  extraSizes?: readonly number[];
};

/** 'Questions per page': changing it goes back to the first page. */
export function PageSizeSelect({ size, onSize, label, extraSizes = [] }: SizeProps) {
  const { layoutTexts } = useTexts('messages');
  const sizes = [...new Set([...PAGE_SIZES, ...extraSizes])].sort((a, b) => a - b);
  return (
    <label className={styles.size}>
      {label ?? layoutTexts.perPage}
      <select value={size} onChange={(event) => onSize(Number(event.target.value))}>
        {sizes.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

type FooterProps = { page: number; totalPages: number; onPage: (page: number) => void };

/** Previous / 'Page X of Y' / Next, the numbered pager with ellipses, and scroll-to-top/bottom. */
export function PageFooter({ page, totalPages, onPage }: FooterProps) {
  const { layoutTexts: t } = useTexts('messages');
  const total = Math.max(totalPages, 1);
  return (
    <nav className={styles.footer} aria-label={t.pages}>
      <div className={styles.row}>
        <button type="button" className={styles.button} disabled={page <= 0} onClick={() => onPage(page - 1)}>
          {t.previous}
        </button>
        <span aria-live="polite">{t.pageOf(page + 1, total)}</span>
        <button
          type="button"
          className={styles.button}
          disabled={page >= total - 1}
          onClick={() => onPage(page + 1)}
        >
          {t.next}
        </button>
      </div>
      <ol className={styles.numbers}>
        {pageWindow(page + 1, total).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the two gaps are told apart by position
            <li key={`gap-${index}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`${styles.number} ${item === page + 1 ? styles.current : ''}`}
                aria-current={item === page + 1 ? 'page' : undefined}
                aria-label={t.page(item)}
                onClick={() => onPage(item - 1)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <div className={styles.scroll}>
        <button
          type="button"
          className={styles.button}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          {t.top}
        </button>
        <button
          type="button"
          className={styles.button}
          onClick={() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'smooth' })}
        >
          {t.bottom}
        </button>
      </div>
    </nav>
  );
}
