import { decodeMultiAnswer, type QuestionType } from '../../../common/questions/rules.ts';
import styles from './AnswerText.module.css';
import { RichText } from './CodeBlock.tsx';

// Apart from CodeBlock.tsx so that the tutoring page's first load (which never shows an answer)
// does not carry it.
/**
 * An answer as people read it: a multiple-answer answer (a JSON array) as its options, an answer
 * with code as code — never the raw `["2"]` or `&code:` text.
 */
export function AnswerText({ type, answer }: { type: QuestionType; answer: string }) {
  const values = type === 'M' ? decodeMultiAnswer(answer) : null;
  if (!values) return <RichText text={answer} inline />;
  return (
    <ul className={styles.answerList}>
      {values.map((value) => (
        <li key={value}>
          <RichText text={value} inline />
        </li>
      ))}
    </ul>
  );
}
