import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import type { ReviewItem, ReviewSchedule, ReviewSetting } from '../../../../common/contracts/review.ts';
import { ladderLimits, ladderProblem } from '../../../../common/reviewSchedule.ts';
import { reviewApi, reviewKeys } from '../../api/review.ts';
import { useTexts } from '../../i18n/texts.ts';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useViewer } from '../tutoring/viewer.ts';
import styles from './ReviewSchedulePage.module.css';

const FILTERS = ['review', 'all', 'due', 'later', 'stuck', 'retired'] as const;
type Filter = (typeof FILTERS)[number];
const shownBy = (filter: Filter, item: ReviewItem) =>
  filter === 'all' ||
  (filter === 'review' ? item.status === 'due' || item.status === 'later' : item.status === filter);

/** "1, 3, 7" → [1, 3, 7]; null when it is not a list of whole numbers the server would take. */
function parseLadder(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  const ladder = parts.map(Number);
  return ladderProblem(ladder) ? null : ladder;
}

/**
 * /review-schedule/{name}: a student's spaced review. Everyone who may read the student
 * sees the settings, the counts and where each answered question stands; a teacher (or admin) turns
 * scheduling on or off and sets the ladder for the student or for one topic, pins a question to come
 * back tomorrow or retires it. Reached from the Review page, the statistics page and the teacher's
 * student list.
 */
export function ReviewSchedulePage() {
  const { reviewTexts } = useTexts('review');
  const { failureTexts } = useTexts('messages');
  const { name = '' } = useParams();
  const queryClient = useQueryClient();
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots, forbiddenTo: ownHomePage });
  const viewer = useViewer(name);
  const canEdit = viewer.isStaff;
  const query = useQuery({
    queryKey: reviewKeys.schedule(name),
    queryFn: () => reviewApi.schedule(name),
  });
  useEffect(() => {
    if (query.error) onFailure(query.error);
  }, [query.error, onFailure]);

  /** A write's answer is the new schedule: shown at once; the review list and counts are asked again when next shown. */
  const applied = (schedule: ReviewSchedule) => {
    queryClient.setQueryData(reviewKeys.schedule(name), schedule);
    void queryClient.invalidateQueries({
      queryKey: reviewKeys.all(name),
      predicate: (q) => q.queryKey[2] !== 'schedule',
    });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{reviewTexts.title(name)}</h1>
      <p className={styles.muted}>{reviewTexts.intro}</p>
      <nav className={styles.links} aria-label={reviewTexts.title(name)}>
        <PreloadLink to={`/review/${encodeURIComponent(name)}`}>{reviewTexts.reviewLink(name)}</PreloadLink>
        <PreloadLink to={`/stats/${encodeURIComponent(name)}`}>{reviewTexts.statsLink(name)}</PreloadLink>
      </nav>
      {!query.isSuccess ? (
        <p role="status">{query.error ? failureTexts.serverIssueDots : reviewTexts.loading}</p>
      ) : (
        <ScheduleView
          name={name}
          schedule={query.data}
          canEdit={canEdit}
          known={viewer.known}
          onApplied={applied}
          onFailure={onFailure}
        />
      )}
    </div>
  );
}

type ViewProps = {
  name: string;
  schedule: ReviewSchedule;
  canEdit: boolean;
  known: boolean;
  onApplied: (schedule: ReviewSchedule) => void;
  onFailure: (error: unknown) => void;
};

function ScheduleView({ name, schedule, canEdit, known, onApplied, onFailure }: ViewProps) {
  const { reviewTexts } = useTexts('review');
  const { counts } = schedule;
  const own = schedule.settings.find((s) => s.topic === null);
  const topicSettings = schedule.settings.filter((s) => s.topic !== null);
  const allTopics = [...new Set(schedule.items.flatMap((i) => i.topics))].sort();
  const unset = allTopics.filter((t) => !topicSettings.some((s) => s.topic === t));
  const [newTopic, setNewTopic] = useState('');
  const [filter, setFilter] = useState<Filter>('review');
  const filterId = useId();
  const items = schedule.items.filter((i) => shownBy(filter, i));

  return (
    <>
      <p className={styles.muted}>{reviewTexts.today(schedule.today)}</p>
      <dl className={styles.counts} aria-label={reviewTexts.counts}>
        <div>
          <dt>{reviewTexts.statsDue}</dt>
          <dd>{counts.due}</dd>
        </div>
        <div>
          <dt>{reviewTexts.statsLater}</dt>
          <dd>{counts.later}</dd>
        </div>
        <div>
          <dt>{reviewTexts.statsStuck}</dt>
          <dd>{counts.stuck}</dd>
        </div>
        <div>
          <dt>{reviewTexts.statsRetired}</dt>
          <dd>{counts.retired}</dd>
        </div>
      </dl>
      {known && !canEdit && (
        <p className={styles.note} role="note">
          {reviewTexts.readOnly}
        </p>
      )}

      <Card as="section" title={reviewTexts.settingsTitle} aria-label={reviewTexts.settingsTitle}>
        <SettingForm
          key={`own:${own?.enabled}:${own?.ladder.join()}`}
          name={name}
          setting={own ?? { topic: null, enabled: false, ladder: schedule.defaultLadder }}
          legend={reviewTexts.studentSetting}
          hint={reviewTexts.studentSettingHint}
          canEdit={canEdit}
          onApplied={onApplied}
          onFailure={onFailure}
        />
        <h3 className={styles.subheading}>{reviewTexts.topicSettings}</h3>
        {topicSettings.length === 0 && <p className={styles.muted}>{reviewTexts.noTopicSettings}</p>}
        {topicSettings.map((setting) => (
          <SettingForm
            key={`${setting.topic}:${setting.enabled}:${setting.ladder.join()}`}
            name={name}
            setting={setting}
            legend={`${reviewTexts.topic}: ${setting.topic}`}
            canEdit={canEdit}
            onApplied={onApplied}
            onFailure={onFailure}
            removable
          />
        ))}
        {canEdit && unset.length > 0 && (
          <div className={styles.addTopic}>
            <Field label={reviewTexts.addTopicSetting}>
              <select value={newTopic} onChange={(e) => setNewTopic(e.target.value)}>
                <option value="">{reviewTexts.chooseTopic}</option>
                {unset.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </Field>
            {newTopic && (
              <SettingForm
                key={`new:${newTopic}`}
                name={name}
                setting={{
                  topic: newTopic,
                  enabled: !(own?.enabled ?? false),
                  ladder: own?.ladder ?? schedule.defaultLadder,
                }}
                legend={`${reviewTexts.topic}: ${newTopic}`}
                canEdit={canEdit}
                onApplied={(s) => {
                  setNewTopic('');
                  onApplied(s);
                }}
                onFailure={onFailure}
              />
            )}
          </div>
        )}
      </Card>

      <Card as="section" title={reviewTexts.questionsTitle} aria-label={reviewTexts.questionsTitle}>
        <div className={styles.filter}>
          <label htmlFor={filterId}>{reviewTexts.show}</label>
          <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {reviewTexts.filters[f]}
              </option>
            ))}
          </select>
        </div>
        {items.length === 0 ? (
          <p className={styles.muted}>{reviewTexts.noQuestions}</p>
        ) : (
          <ul className={styles.items}>
            {items.map((item) => (
              <ItemRow
                key={item.questionId}
                name={name}
                item={item}
                canEdit={canEdit}
                onApplied={onApplied}
                onFailure={onFailure}
              />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

type SettingProps = {
  name: string;
  setting: ReviewSetting;
  legend: string;
  hint?: string;
  canEdit: boolean;
  removable?: boolean;
  onApplied: (schedule: ReviewSchedule) => void;
  onFailure: (error: unknown) => void;
};

/** On/off and the ladder of the student's own setting or of one topic's. */
function SettingForm({
  name,
  setting,
  legend,
  hint,
  canEdit,
  removable,
  onApplied,
  onFailure,
}: SettingProps) {
  const { reviewTexts } = useTexts('review');
  const { showToast } = useToast();
  const [enabled, setEnabled] = useState(setting.enabled);
  const [ladderText, setLadderText] = useState(setting.ladder.join(', '));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const radioName = useId();
  const subject = setting.topic ?? reviewTexts.studentSetting;

  const run = async (action: () => Promise<ReviewSchedule>) => {
    setBusy(true);
    try {
      onApplied(await action());
      showToast(reviewTexts.saved, 'success');
    } catch (error) {
      onFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const ladder = parseLadder(ladderText);
    if (!ladder) return setProblem(reviewTexts.ladderInvalid);
    setProblem(null);
    void run(() => reviewApi.setting(name, { topic: setting.topic, enabled, ladder }));
  };

  return (
    <form className={styles.setting} onSubmit={save}>
      <fieldset disabled={!canEdit || busy} className={styles.fieldset}>
        <legend className={styles.legend}>{legend}</legend>
        {hint && <p className={styles.muted}>{hint}</p>}
        <div className={styles.radios} role="radiogroup" aria-label={`${reviewTexts.scheduling}: ${subject}`}>
          <label>
            <input type="radio" name={radioName} checked={enabled} onChange={() => setEnabled(true)} />{' '}
            {reviewTexts.on}
          </label>
          <label>
            <input type="radio" name={radioName} checked={!enabled} onChange={() => setEnabled(false)} />{' '}
            {reviewTexts.off}
          </label>
        </div>
        <Field label={reviewTexts.ladder} hint={reviewTexts.ladderHint} error={problem}>
          <input
            value={ladderText}
            inputMode="numeric"
            maxLength={ladderLimits.maxRungs * 5}
            onChange={(e) => setLadderText(e.target.value)}
          />
        </Field>
        {canEdit && (
          <div className={styles.actions}>
            <Button
              type="submit"
              variant="primary"
              aria-label={setting.topic ? reviewTexts.saveTopic(setting.topic) : undefined}
            >
              {reviewTexts.save}
            </Button>
            {removable && setting.topic && (
              <Button
                variant="ghost"
                aria-label={reviewTexts.removeTopic(setting.topic)}
                onClick={() => void run(() => reviewApi.removeSetting(name, setting.topic!))}
              >
                {reviewTexts.remove}
              </Button>
            )}
          </div>
        )}
      </fieldset>
    </form>
  );
}

type ItemProps = {
  name: string;
  item: ReviewItem;
  canEdit: boolean;
  onApplied: (schedule: ReviewSchedule) => void;
  onFailure: (error: unknown) => void;
};

function ItemRow({ name, item, canEdit, onApplied, onFailure }: ItemProps) {
  const { reviewTexts } = useTexts('review');
  const { showToast } = useToast();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const act = async (action: 'pin' | 'retire') => {
    if (action === 'retire' && !(await confirm(reviewTexts.confirmRetire(item.title)))) return;
    setBusy(true);
    try {
      onApplied(await (action === 'pin' ? reviewApi.pin : reviewApi.retire)(name, item.questionId));
      showToast(
        action === 'pin' ? reviewTexts.pinned(item.title) : reviewTexts.retired(item.title),
        'success',
      );
    } catch (error) {
      onFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const facts = [
    reviewTexts.status[item.status],
    item.dueDay && item.status === 'later' ? reviewTexts.dueOn(item.dueDay) : null,
    item.scheduled && (item.status === 'due' || item.status === 'later')
      ? reviewTexts.step(item.step, item.ladder.length)
      : null,
    item.scheduled ? null : reviewTexts.notScheduled,
    item.pinned ? reviewTexts.pinnedBadge : null,
  ].filter(Boolean);

  return (
    <li className={styles.item} data-status={item.status}>
      <div className={styles.itemText}>
        <span className={styles.itemTitle}>{item.title}</span>
        {item.topics.length > 0 && <span className={styles.muted}>{item.topics.join(', ')}</span>}
        <span>{facts.join(' · ')}</span>
      </div>
      {canEdit && item.status !== 'assigned' && (
        <div className={styles.actions}>
          <Button
            size="sm"
            disabled={busy}
            aria-label={reviewTexts.pinLabel(item.title)}
            onClick={() => void act('pin')}
          >
            {reviewTexts.pin}
          </Button>
          {item.status !== 'retired' && (
            <Button
              size="sm"
              variant="danger"
              disabled={busy}
              aria-label={reviewTexts.retireLabel(item.title)}
              onClick={() => void act('retire')}
            >
              {reviewTexts.retire}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
