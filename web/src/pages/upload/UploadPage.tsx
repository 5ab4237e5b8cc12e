import { useEffect, useMemo, useState } from 'react';
import { authoringApi } from '../../api/authoring.ts';
import { useTexts } from '../../i18n/texts.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { AnswerText } from '../../ui/AnswerText.tsx';
import { useAppTimeZone } from '../../ui/appTimeZone.ts';
import { Button } from '../../ui/Button.tsx';
import { RichText } from '../../ui/CodeBlock.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { blankDraft, checkDraft, type Draft, isWritten, keepLocked, type Lockable } from './draft.ts';
import { LockButton, QuestionFields } from './QuestionFields.tsx';
import { StudentPicker } from './StudentPicker.tsx';
import styles from './UploadPage.module.css';
import { UploadPreview } from './UploadPreview.tsx';
import { PANEL_ID, tabId, UploadTabs } from './UploadTabs.tsx';

const STORAGE_KEY = 'tutorfolio:upload';
const CHECK_TOAST = 'upload-check';
type Saved = { drafts: Draft[]; active: number; locks: Lockable[] };

function loadSaved(): Saved {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    if (saved?.drafts?.length)
      return {
        ...saved,
        // A copy saved before a field existed gets the field's blank value.
        drafts: saved.drafts.map((d) => ({ ...blankDraft(), ...d })),
        active: Math.min(saved.active, saved.drafts.length - 1),
      };
  } catch {
    // a damaged copy starts afresh
  }
  return { drafts: [blankDraft()], active: 0, locks: [] };
}

/**
 * /upload: several questions written in tabs, each checked in a fixed order, confirmed, and
 * assigned. Locked fields keep their value after an upload and in new tabs; everything survives a
 * reload (local storage).
 */
export function UploadPage() {
  const { failureTexts } = useTexts('messages');
  const texts = useTexts('authoring');
  const { uploadTexts: t, questionTexts: q } = texts;
  const initial = useMemo(loadSaved, []);
  const [drafts, setDrafts] = useState<Draft[]>(initial.drafts);
  const [active, setActive] = useState(initial.active);
  const [locks, setLocks] = useState<Set<Lockable>>(new Set(initial.locks));
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const { showToast, dismissToast } = useToast();
  // The check's alert shown last: it goes when the draft no longer has that problem.
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const confirm = useConfirm();
  const onFailure = useApiFailure({ forbiddenTo: '/login' });
  const zone = useAppTimeZone();

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ drafts, active, locks: [...locks] } satisfies Saved));
  }, [drafts, active, locks]);

  const draft = drafts[active]!;
  const update = (patch: Partial<Draft>) =>
    setDrafts((all) => all.map((d, i) => (i === active ? { ...d, ...patch } : d)));
  const toggleLock = (field: Lockable) =>
    setLocks((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });
  const addQuestion = () => {
    setDrafts((all) => [...all, keepLocked(draft, locks)]);
    setActive(drafts.length);
  };
  const duplicate = () => {
    setDrafts((all) => [...all, structuredClone(draft)]);
    setActive(drafts.length);
  };
  const removeAll = async () => {
    if (!(await confirm(t.confirmRemoveAll))) return;
    setDrafts([blankDraft()]);
    setActive(0);
  };
  const closeTab = async (index: number) => {
    // A written question is never thrown away without asking (as Remove all asks).
    if (isWritten(drafts[index]!) && !(await confirm(t.confirmClose(index + 1)))) return;
    if (drafts.length === 1) return setDrafts([blankDraft()]);
    setDrafts((all) => all.filter((_, i) => i !== index));
    setActive((a) => (a >= index && a > 0 ? a - 1 : a));
  };

  const assign = async () => {
    const checked = checkDraft(draft, new Date(), zone, texts);
    if ('problem' in checked) {
      setShownProblem(checked.problem);
      return showToast(checked.problem, 'error', CHECK_TOAST);
    }
    const made = checked.question;
    // The confirm shows title, question, answer and students; code shows as code.
    const message = (
      <dl className={styles.confirm}>
        <dt>{q.title}</dt>
        <dd>{made.title}</dd>
        <dt>{q.question}</dt>
        <dd>
          <RichText text={made.question} />
        </dd>
        <dt>{q.answer}</dt>
        <dd>
          <AnswerText type={made.type} answer={made.answer} />
        </dd>
        <dt>{t.students}</dt>
        <dd>{made.students.join(', ') || q.none}</dd>
      </dl>
    );
    if (!(await confirm(message))) return;
    setBusy(true);
    try {
      await authoringApi.create(made);
      showToast(t.uploaded, 'success');
      // After a success the form resets except the locked fields.
      update(keepLocked(draft, locks));
      setPreview(false);
    } catch (error) {
      onFailure(error, { otherText: failureTexts.serverIssue });
    } finally {
      setBusy(false);
    }
  };

  const currentCheck = checkDraft(draft, new Date(), zone, texts);
  const currentProblem = 'problem' in currentCheck ? currentCheck.problem : null;
  useEffect(() => {
    if (shownProblem === null || currentProblem === shownProblem) return;
    dismissToast(CHECK_TOAST);
    setShownProblem(null);
  }, [shownProblem, currentProblem, dismissToast]);

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>{t.heading}</h1>
        <Link to="/upload/multiples">{t.bulkLink}</Link>
      </div>
      <UploadTabs
        drafts={drafts}
        active={active}
        onSelect={setActive}
        onClose={(index) => void closeTab(index)}
      />
      <form
        id={PANEL_ID}
        className={styles.form}
        role="tabpanel"
        aria-labelledby={tabId(active)}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className={styles.panelHead}>
          <Button size="sm" variant="ghost" onClick={() => void closeTab(active)}>
            {t.closeQuestion(active + 1)}
          </Button>
        </div>
        <QuestionFields
          draft={draft}
          update={update}
          locks={locks}
          toggleLock={toggleLock}
          zone={zone}
          onFailure={(error) => onFailure(error, { otherText: failureTexts.serverIssue })}
        />
        <StudentPicker
          chosen={draft.students}
          onChange={(students) => update({ students })}
          lock={<LockButton field="students" label={t.students} locks={locks} toggleLock={toggleLock} />}
        />
        <div className={styles.buttons}>
          <Button variant="primary" disabled={busy} onClick={() => void assign()}>
            {t.assign}
          </Button>
          <Button aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {t.preview}
          </Button>
          <Button onClick={duplicate}>{t.duplicate}</Button>
          <Button onClick={addQuestion}>{t.addQuestion}</Button>
          <Button variant="danger" onClick={() => void removeAll()}>
            {t.removeAll}
          </Button>
        </div>
      </form>
      {preview && <UploadPreview draft={draft} zone={zone} number={active + 1} />}
    </div>
  );
}
