import { type KeyboardEvent, useRef } from 'react';
import { useTexts } from '../../i18n/texts.ts';
import type { Draft } from './draft.ts';
import styles from './UploadPage.module.css';

export const tabId = (index: number) => `upload-tab-${index}`;
export const PANEL_ID = 'upload-panel';

/**
 * The tabs of the questions being written, after the WAI-ARIA tabs pattern: a `tablist` holding
 * only `tab`s, the selected one `aria-selected` and the only one in the tab order; ←/→ move to the
 * previous/next tab and select it (Home/End: first/last); Delete closes the selected one. Each tab
 * `aria-controls` the one tab panel. The × on a tab closes it by pointer; for keyboards and screen
 * readers Delete and the panel's own Close button do the same.
 */
export function UploadTabs({
  drafts,
  active,
  onSelect,
  onClose,
}: {
  drafts: readonly Draft[];
  active: number;
  onSelect: (index: number) => void;
  onClose: (index: number) => void;
}) {
  const { uploadTexts: t } = useTexts('authoring');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const go = (index: number) => {
    const next = (index + drafts.length) % drafts.length;
    onSelect(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: drafts.length - 1,
    };
    if (event.key in moves) go(moves[event.key]!);
    else if (event.key === 'Delete') onClose(index);
    else return;
    event.preventDefault();
  };
  return (
    <div role="tablist" aria-label={t.tabs} className={styles.tabs}>
      {drafts.map((draft, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: tabs are positions; closing one renumbers the rest
          key={index}
          ref={(el) => {
            tabs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={tabId(index)}
          aria-selected={index === active}
          aria-controls={PANEL_ID}
          tabIndex={index === active ? 0 : -1}
          className={`${styles.tab} ${index === active ? styles.activeTab : ''}`}
          onClick={() => onSelect(index)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {t.tab(index + 1)}
          {draft.title ? `: ${draft.title.slice(0, 20)}` : ''}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut; Delete and the panel's Close button serve keyboards */}
          <span
            aria-hidden="true"
            className={styles.closeTab}
            title={t.closeQuestion(index + 1)}
            onClick={(event) => {
              event.stopPropagation();
              onClose(index);
            }}
          >
            ×
          </span>
        </button>
      ))}
    </div>
  );
}
