import { useEffect, useState } from 'react';
import { checkBulkItem } from '../../../../common/questions/checks.ts';
import { authoringApi } from '../../api/authoring.ts';
import { isApiError } from '../../api/client.ts';
import { uploadPicture } from '../../api/pictures.ts';
import { useTexts } from '../../i18n/texts.ts';
import { useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink as Link } from '../../routing/PreloadLink.tsx';
import { localInputValue, useAppTimeZone } from '../../ui/appTimeZone.ts';
import { Button } from '../../ui/Button.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './BulkUploadPage.module.css';
import { namedFiles, parseBulkJson, withPictureIds } from './bulk.ts';

const EXAMPLE = `[
  {
    "title": "Loop output",
    "question": "What does it print?&code:for (int i = 0; i < 2; i++) System.out.print(i);",
    "type": "m",
    "candidates": ["01", "12"],
    "answer": "01",
    "explanation": "i is 0 then 1.",
    "hint": "",
    "topics": ["java"],
    "students": ["alice"],
    "generatedDate": "2026-11-23T09:00",
    "targetDate": "2026-11-25T18:00",
    "pictures": []
  }
]`;

type Item = Record<string, unknown>;
const PROBLEMS_TOAST = 'bulk-problems';
const TEXT_FIELDS = [
  'title',
  'question',
  'answer',
  'explanation',
  'hint',
  'generatedDate',
  'targetDate',
] as const;
const LIST_FIELDS = ['candidates', 'students', 'topics'] as const;

/**
 * /upload/multiples: questions as JSON. Parse shows them side by side for checking and inline
 * editing (written back into the JSON); problems are shown at their item; Submit saves all or none.
 */
export function BulkUploadPage() {
  const { failureTexts } = useTexts('messages');
  const { bulkTexts: t, bulkRuleTexts, questionRuleTexts, pictureTexts, bankTexts } = useTexts('authoring');
  const ruleTexts = { bulkRuleTexts, questionRuleTexts };
  const [text, setText] = useState(() => localStorage.getItem('tutorfolio:bulk') ?? EXAMPLE);
  const [items, setItems] = useState<Item[] | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Map<number, string[]>>(new Map());
  const [uploading, setUploading] = useState<{ count: number; started: number } | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  // The second step: each file the JSON names, once uploaded, by its name.
  const [uploaded, setUploaded] = useState<Map<string, string>>(new Map());
  const [picturesBusy, setPicturesBusy] = useState(false);
  const [fileReport, setFileReport] = useState<
    { read: number; notImported: string[]; saved?: true } | 'reading' | null
  >(null);
  const { showToast, dismissToast } = useToast();
  const onFailure = useApiFailure({ forbiddenTo: '/login' });
  // Dates without an offset are read in the app's zone here as on the server.
  const timeZone = useAppTimeZone();

  const writeText = (next: string) => {
    setText(next);
    localStorage.setItem('tutorfolio:bulk', next);
  };
  const parse = (source = text) => {
    const result = parseBulkJson(source, bulkRuleTexts);
    setServerErrors(new Map());
    setSaved(null);
    if ('error' in result) {
      setParseError(result.error);
      setItems(null);
      return null;
    }
    setParseError(null);
    setItems(result.items);
    return result.items;
  };
  /** A question file goes into the JSON and the preview; Submit saves it as typed JSON is saved. */
  const importFile = async (file: File) => {
    setFileReport('reading');
    const now = Date.now();
    const dates = {
      generatedDate: localInputValue(new Date(now), timeZone),
      // As the archive's reassigning does: due 24 hours ahead unless the tutor changes it.
      targetDate: localInputValue(new Date(now + 24 * 3_600_000), timeZone),
    };
    try {
      const { importBankFile } = await import('./bankFile.ts');
      const result = await importBankFile(file, { bankTexts, bulkRuleTexts }, dates);
      if ('error' in result) {
        setFileReport(null);
        setParseError(result.error);
        return;
      }
      const json = JSON.stringify(result.items, null, 2);
      writeText(json);
      parse(json);
      setFileReport({ read: result.items.length, notImported: result.notImported });
    } catch (error) {
      setFileReport(null);
      onFailure(error, { otherText: failureTexts.serverIssue });
    }
  };
  const edit = (index: number, field: string, value: unknown) => {
    if (!items) return;
    const next = items.map((item, i) => (i === index ? { ...item, [field]: value } : item));
    setItems(next);
    writeText(JSON.stringify(next, null, 2));
    setServerErrors((errors) => {
      const copy = new Map(errors);
      copy.delete(index);
      return copy;
    });
  };

  const now = new Date();
  const problems = (items ?? []).map((item, i) => [
    ...checkBulkItem(item, now, timeZone, ruleTexts, 'file').problems,
    ...(serverErrors.get(i) ?? []),
  ]);
  const failing = problems.filter((p) => p.length > 0).length;
  const wanted = namedFiles(items ?? []);
  const missing = wanted.filter((name) => !uploaded.has(name));
  const choosePictures = async (files: readonly File[]) => {
    setPicturesBusy(true);
    try {
      for (const file of files) {
        if (!wanted.includes(file.name)) {
          showToast(pictureTexts.notNamed(file.name), 'info');
          continue;
        }
        const picture = await uploadPicture(file);
        setUploaded((current) => new Map(current).set(file.name, picture.id));
      }
    } catch (error) {
      onFailure(error, { otherText: failureTexts.serverIssue });
    } finally {
      setPicturesBusy(false);
    }
  };
  // The alert about problems goes once none are left, so it never stands beside "all ready".
  useEffect(() => {
    if (failing === 0) dismissToast(PROBLEMS_TOAST);
  }, [failing, dismissToast]);

  const submit = async () => {
    const parsed = parse();
    if (!parsed) return;
    const local = parsed.map((item) => checkBulkItem(item, new Date(), timeZone, ruleTexts, 'file').problems);
    if (local.some((p) => p.length))
      return showToast(t.haveProblems(local.filter((p) => p.length).length), 'error', PROBLEMS_TOAST);
    const notChosen = namedFiles(parsed).filter((name) => !uploaded.has(name));
    if (notChosen.length) return showToast(pictureTexts.stillMissing(notChosen), 'error');
    setUploading({ count: parsed.length, started: Date.now() });
    try {
      const count = await authoringApi.bulk(withPictureIds(parsed, uploaded));
      setSaved(count);
      // The file's skipped questions stay listed; "nothing is saved yet" no longer holds.
      setFileReport((report) => (report && report !== 'reading' ? { ...report, saved: true } : report));
      showToast(t.saved(count), 'success');
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 403)) return onFailure(error);
      if (isApiError(error) && error.body?.details) {
        const byItem = new Map<number, string[]>();
        for (const d of error.body.details) {
          const index = Number(/^\[(\d+)\]/.exec(d.path)?.[1]);
          if (Number.isInteger(index)) byItem.set(index, [...(byItem.get(index) ?? []), d.message]);
        }
        setServerErrors(byItem);
      }
      // A problem the server lists in `details` is named as its card is (Item 1 for `[0]`).
      onFailure(error, { otherText: failureTexts.serverIssue, item: (index) => t.item(index + 1) });
    } finally {
      setUploading(null);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>{t.heading}</h1>
        <Link to="/upload">{t.singleLink}</Link>
      </div>
      <div className={styles.columns}>
        <section className={styles.editor} aria-label={t.editor}>
          <label id="json-label" htmlFor="bulk-json" className={styles.label}>
            {t.json}
          </label>
          <p id="bulk-zone" className={styles.zone}>
            {t.zoneBefore}
            <code>2026-11-25T18:00</code>
            {t.zoneAfter(timeZone)}
          </p>
          <textarea
            id="bulk-json"
            aria-describedby="bulk-zone"
            className={styles.json}
            value={text}
            onChange={(e) => writeText(e.target.value)}
            spellCheck={false}
          />
          {parseError && (
            <p className={styles.error} role="alert">
              {parseError}
            </p>
          )}
          <label htmlFor="bulk-file" className={styles.label}>
            {bankTexts.fileLabel}
          </label>
          <input
            id="bulk-file"
            type="file"
            accept=".gift,.txt,.xml,.json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
          {fileReport === 'reading' && <p role="status">{bankTexts.reading}</p>}
          {fileReport && fileReport !== 'reading' && (
            <>
              {!fileReport.saved && (
                <p role="status" className={styles.zone}>
                  {bankTexts.read(fileReport.read, fileReport.notImported.length)}
                </p>
              )}
              {fileReport.notImported.length > 0 && (
                <section aria-labelledby="bulk-not-imported" className={styles.notImported}>
                  <h2 id="bulk-not-imported" className={styles.label}>
                    {bankTexts.notImported(fileReport.notImported.length)}
                  </h2>
                  <ul>
                    {fileReport.notImported.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
          <div className={styles.buttons}>
            <Button onClick={() => parse()}>{t.parse}</Button>
            <Button variant="primary" onClick={() => void submit()} disabled={uploading !== null}>
              {t.submit}
            </Button>
          </div>
          {wanted.length > 0 && (
            <div className={styles.pictures}>
              <label htmlFor="bulk-pictures">
                {picturesBusy ? pictureTexts.uploading : pictureTexts.choose(wanted.length)}
              </label>
              <input
                id="bulk-pictures"
                type="file"
                multiple
                accept="image/png,image/jpeg,image/webp,image/gif"
                disabled={picturesBusy}
                onChange={(e) => {
                  const input = e.currentTarget;
                  void choosePictures([...(input.files ?? [])]).then(() => {
                    input.value = '';
                  });
                }}
              />
              <p role="status" className={missing.length ? styles.zone : styles.saved}>
                {missing.length ? pictureTexts.stillMissing(missing) : pictureTexts.allChosen}
              </p>
            </div>
          )}
          {uploading && (
            <div role="status" className={styles.progress}>
              <progress aria-label={t.uploading} />
              {t.uploadingCount(uploading.count)}
            </div>
          )}
          {saved !== null && (
            <p role="status" className={styles.saved}>
              {t.saved(saved)}
            </p>
          )}
        </section>
        <section className={styles.preview} aria-label={t.preview}>
          {items && (
            <p className={failing ? styles.error : styles.saved}>{t.parsed(items.length, failing)}</p>
          )}
          {(items ?? []).map((item, index) => (
            <article
              // biome-ignore lint/suspicious/noArrayIndexKey: items are identified by their position in the JSON
              key={index}
              className={`${styles.item} ${problems[index]!.length ? styles.bad : ''}`}
              aria-label={t.item(index + 1)}
            >
              {/* People count from 1: the first card is Item 1, as in the server's refusal message
                  (server/questions/bulk.ts); only the JSON path (`[0]`) is 0-based. */}
              <h2 className={styles.itemTitle}>{t.item(index + 1)}</h2>
              {problems[index]!.length > 0 && (
                <ul className={styles.problems} aria-label={t.problemsOf(index + 1)}>
                  {problems[index]!.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              )}
              <div className={styles.grid}>
                <label htmlFor={`bulk-${index}-type`}>type</label>
                <select
                  id={`bulk-${index}-type`}
                  value={String(item.type ?? '')}
                  onChange={(e) => edit(index, 'type', e.target.value)}
                >
                  <option value="">{t.missing}</option>
                  <option value="m">m</option>
                  <option value="M">M</option>
                  <option value="s">s</option>
                </select>
                {TEXT_FIELDS.map((field) => (
                  <FieldEditor
                    key={field}
                    id={`bulk-${index}-${field}`}
                    label={field}
                    value={typeof item[field] === 'string' ? (item[field] as string) : ''}
                    onChange={(v) => edit(index, field, v)}
                  />
                ))}
                {LIST_FIELDS.map((field) => (
                  <FieldEditor
                    key={field}
                    id={`bulk-${index}-${field}`}
                    label={t.perLine(field)}
                    multiline
                    value={
                      Array.isArray(item[field]) ? (item[field] as unknown[]).map(String).join('\n') : ''
                    }
                    onChange={(v) =>
                      edit(
                        index,
                        field,
                        v.split('\n').filter((line) => line.trim() !== ''),
                      )
                    }
                  />
                ))}
              </div>
            </article>
          ))}
        </section>
      </div>
    </div>
  );
}

function FieldEditor({
  id,
  label,
  value,
  onChange,
  multiline,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  multiline?: boolean;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {multiline || value.length > 60 ? (
        <textarea
          id={id}
          rows={Math.min(6, Math.max(2, value.split('\n').length))}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </>
  );
}
