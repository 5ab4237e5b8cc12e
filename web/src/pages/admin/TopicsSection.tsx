import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { questionLimits } from '../../../../common/limits.ts';
import { adminApi, adminKeys } from '../../api/admin.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { Button } from '../../ui/Button.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './AdminPage.module.css';
import { onEnter, useAdminAction, useAdminFailure } from './common.tsx';

/**
 * Topics: the questions (paged, searched by title) and the topics, each a list to tick; Add topic;
 * the selected questions get the selected topics after a confirm ('Are you sure to add topic ...?').
 */
export function TopicsSection() {
  const { adminTexts } = useTexts('admin');
  const onFailure = useAdminFailure();
  const [search, setSearch] = useState('');
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [newTopic, setNewTopic] = useState('');
  const [questionIds, setQuestionIds] = useState<ReadonlySet<number>>(new Set());
  const [topics, setTopics] = useState<ReadonlySet<string>>(new Set());
  const confirm = useConfirm();
  const { showToast } = useToast();
  const { run, busy } = useAdminAction();
  const questions = useQuery({
    queryKey: adminKeys.questions(title, page, size),
    queryFn: () => adminApi.questions(title, page, size),
    placeholderData: (previous) => previous,
  });
  const allTopics = useQuery({ queryKey: adminKeys.topics, queryFn: adminApi.topics });
  useEffect(() => {
    const error = questions.error ?? allTopics.error;
    if (error) onFailure(error);
  }, [questions.error, allTopics.error, onFailure]);

  const addTopic = async () => {
    const text = newTopic.trim();
    if (!text || busy) return;
    const made = await run(() => adminApi.createTopic(text), {
      success: (topic) => adminTexts.topicAdded(topic.title),
    });
    if (made) setNewTopic('');
  };
  const assign = async () => {
    if (questionIds.size === 0 || topics.size === 0) {
      showToast(adminTexts.notSelected);
      return;
    }
    const chosen = [...topics];
    if (!(await confirm(adminTexts.confirmTopics(chosen)))) return;
    const done = await run(() => adminApi.linkTopics([...questionIds], chosen), {
      success: () => adminTexts.topicsAssigned,
    });
    if (done !== undefined) {
      setQuestionIds(new Set());
      setTopics(new Set());
    }
  };
  const flip = <T,>(set: ReadonlySet<T>, value: T) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Field label={adminTexts.searchTitle} hint={adminTexts.searchTitleHint}>
          <input
            type="search"
            value={search}
            maxLength={questionLimits.titleMax}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={onEnter(() => {
              setTitle(search.trim());
              setPage(0);
            })}
          />
        </Field>
        <Field label={adminTexts.addTopic} hint={adminTexts.addTopicHint}>
          <input
            value={newTopic}
            maxLength={questionLimits.topicMax}
            onChange={(event) => setNewTopic(event.target.value)}
            onKeyDown={onEnter(addTopic)}
          />
        </Field>
      </div>
      <div className={styles.columns}>
        <fieldset className={styles.list}>
          <legend>{adminTexts.questionsList}</legend>
          {questions.isPending ? (
            <p role="status">{adminTexts.loading}</p>
          ) : (questions.data?.content ?? []).length === 0 ? (
            <p className={styles.muted}>{adminTexts.noQuestions}</p>
          ) : (
            <ul className={styles.checks}>
              {questions.data!.content.map((question) => (
                <li key={question.id}>
                  <label className={styles.pick}>
                    <input
                      type="checkbox"
                      checked={questionIds.has(question.id)}
                      onChange={() => setQuestionIds((set) => flip(set, question.id))}
                    />
                    <span>
                      {question.id}. {question.title}
                      {question.topics.length > 0 && (
                        <span className={styles.muted}> ({question.topics.join(', ')})</span>
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <PageSizeSelect
            label={adminTexts.questionsPerPage}
            size={size}
            onSize={(next) => {
              setSize(next);
              setPage(0);
            }}
          />
          {questions.data && questions.data.totalPages > 1 && (
            <PageFooter page={page} totalPages={questions.data.totalPages} onPage={setPage} />
          )}
        </fieldset>
        <fieldset className={styles.list}>
          <legend>{adminTexts.topicsList}</legend>
          {(allTopics.data ?? []).length === 0 ? (
            <p className={styles.muted}>{allTopics.isPending ? adminTexts.loading : adminTexts.noTopics}</p>
          ) : (
            <ul className={styles.checks}>
              {allTopics.data!.map((topic) => (
                <li key={topic.id}>
                  <label className={styles.pick}>
                    <input
                      type="checkbox"
                      checked={topics.has(topic.title)}
                      onChange={() => setTopics((set) => flip(set, topic.title))}
                    />
                    <span>{topic.title}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>
      <div>
        <Button variant="primary" onClick={assign} disabled={busy}>
          {adminTexts.assignTopics}
        </Button>
      </div>
    </div>
  );
}
