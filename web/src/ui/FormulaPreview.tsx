import styles from './FormulaPreview.module.css';
import { FormulaText } from './FormulaText.tsx';

/**
 * Under a form field, while its text holds a dollar: the text as students will see it, formulas
 * rendered (or marked where they do not parse), redrawn as the teacher types.
 */
export function FormulaPreview({
  text,
  label,
  className = '',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  if (!text.includes('$')) return null;
  return (
    <div className={`${styles.preview} ${className}`}>
      <p className={styles.label}>{label}</p>
      <p className={styles.text}>
        <FormulaText text={text} />
      </p>
    </div>
  );
}
