import { dayOf, fromWallClock } from '../../common/dates.ts';
import * as ko from '../../common/i18n/ko/mailTexts.ts';
import { weekTexts as koWeekTexts } from '../../common/i18n/ko/weekTexts.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/i18n/translation.ts';
import { NOTIFICATION_ROLE, type NotificationKind } from '../../common/mail.ts';
import * as en from '../../common/mailTexts.ts';
import type { Role } from '../../common/roles.ts';
import { addDays, mondayOf } from '../../common/week.ts';
import { weekTexts } from '../../common/weekTexts.ts';
import type { Db, DbOrTx } from '../db/open.ts';
import { countUnmarked } from '../marking/service.ts';
import { weekOf } from '../week/service.ts';
import {
  childrenOf,
  claimDigest,
  type DigestRecipient,
  digestCandidates,
  keepSeen,
  previousSeen,
  studentItems,
} from './digestQueries.ts';
import { html, htmlDocument, type SafeHtml } from './html.ts';
import { unsubscribeParts, withSlash } from './notifications.ts';
import { enqueueMail } from './service.ts';

/** What digests need: links start at PUBLIC_URL, days and weeks are APP_TIME_ZONE's. */
export type DigestSettings = { publicUrl: URL; timeZone: string };

/** The hour of the day (APP_TIME_ZONE) digests go out: the evening, after school. */
export const SEND_HOUR = 18;

function at(day: string, hour: number, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return fromWallClock({ year: year!, month: month!, day: date!, hour, minute: 0, second: 0 }, timeZone);
}

/**
 * The day a daily digest is due for: today from SEND_HOUR on, else yesterday. Only the latest:
 * after downtime a person gets one digest, never a backlog of the days missed.
 */
export function dailyPeriod(now: Date, timeZone: string): string {
  const today = dayOf(now, timeZone);
  return now >= at(today, SEND_HOUR, timeZone) ? today : addDays(today, -1);
}

/** The week (its Monday) a weekly digest is due for: the latest whose Sunday SEND_HOUR has passed. */
export function weeklyPeriod(now: Date, timeZone: string): string {
  const monday = mondayOf(dayOf(now, timeZone));
  return now >= at(addDays(monday, 6), SEND_HOUR, timeZone) ? monday : addDays(monday, -7);
}

type Content = { subject: string; text: string; html: SafeHtml };
type Compose = (
  tx: DbOrTx,
  person: DigestRecipient,
  context: {
    language: Language;
    period: string;
    now: Date;
    kind: NotificationKind;
    link: (path: string) => string;
  },
  timeZone: string,
) => Promise<Content | null>;

const textsIn = (language: Language) => (language === 'ko' ? ko : en);

/** A teacher's daily reminder, only when answers wait (the inbox is every staff member's). */
const teacherMarking: Compose = async (tx, person, { language, link }) => {
  const waiting = await countUnmarked(tx);
  if (waiting === 0) return null;
  const t = textsIn(language);
  const subject = t.teacherMarkingTexts.subject(waiting);
  const url = link('marking');
  return {
    subject,
    text: `${t.greetingTexts.hello(person.username)}\n\n${subject}.\n${t.teacherMarkingTexts.open}: ${url}`,
    html: html`<p>${t.greetingTexts.hello(person.username)}</p><p>${subject}.</p><p><a href="${url}">${t.teacherMarkingTexts.open}</a></p>`,
  };
};

/** At most this many items of each list in a mail; the rest are counted. */
const LISTED = 20;

function listed<T>(items: T[], line: (item: T) => string, more: (count: number) => string): string[] {
  const lines = items.slice(0, LISTED).map(line);
  if (items.length > LISTED) lines.push(more(items.length - LISTED));
  return lines;
}

/**
 * A student's daily digest: work assigned and answers marked by a teacher since the previous
 * digest (all of both for the first one); null when neither has anything new.
 */
const studentDigest: Compose = async (tx, person, { language, period, kind, link }) => {
  const items = await studentItems(tx, person.id);
  const before = await previousSeen(tx, person.id, kind, period);
  await keepSeen(
    tx,
    { userId: person.id, kind, period },
    { assignments: items.work.map((w) => w.id), marks: items.marks.map((m) => m.id) },
  );
  const oldWork = new Set(before?.assignments ?? []);
  const oldMarks = new Set(before?.marks ?? []);
  const work = items.work.filter((w) => !oldWork.has(w.id));
  const marks = items.marks.filter((m) => !oldMarks.has(m.id));
  if (work.length === 0 && marks.length === 0) return null;
  const t = textsIn(language);
  const d = t.studentDigestTexts;
  const name = encodeURIComponent(person.username);
  const workUrl = link(`tutoring/${name}`);
  const marksUrl = link(`submission/${name}`);
  const workLines = listed(work, (w) => `${w.title} (${d.due(w.dueDay)})`, d.more);
  const markLines = listed(marks, (m) => `${m.title}: ${m.marked > 0 ? d.correct : d.wrong}`, d.more);
  const text = [t.greetingTexts.hello(person.username)];
  if (work.length)
    text.push('', d.newWork(work.length), ...workLines.map((l) => `- ${l}`), `${d.openWork}: ${workUrl}`);
  if (marks.length)
    text.push('', d.marks(marks.length), ...markLines.map((l) => `- ${l}`), `${d.openMarks}: ${marksUrl}`);
  const section = (title: string, lines: string[], url: string, label: string) =>
    html`<h2 style="font-size:1em">${title}</h2><ul>${lines.map((l) => html`<li>${l}</li>`)}</ul><p><a href="${url}">${label}</a></p>`;
  return {
    subject: d.subject(work.length, marks.length),
    text: text.join('\n'),
    html: html`<p>${t.greetingTexts.hello(person.username)}</p>${
      work.length ? section(d.newWork(work.length), workLines, workUrl, d.openWork) : ''
    }${marks.length ? section(d.marks(marks.length), markLines, marksUrl, d.openMarks) : ''}`,
  };
};

/**
 * A parent's weekly mail: for each linked child, what `/week/{name}` shows of the week (the same
 * service), with a link to that week; none for a parent with no child linked.
 */
const parentWeekly: Compose = async (tx, person, { language, period, now, link }, timeZone) => {
  const children = await childrenOf(tx, person.id);
  if (children.length === 0) return null;
  const t = textsIn(language);
  const w = language === 'ko' ? koWeekTexts : weekTexts;
  const weeks = [];
  for (const child of children) weeks.push(await weekOf(tx, child, period, { now, timeZone }));
  const subject = t.parentWeeklyTexts.subject(period, addDays(period, 6));
  const urlOf = (name: string) => link(`week/${encodeURIComponent(name)}?start=${period}`);
  const text = [t.greetingTexts.hello(person.username)];
  for (const week of weeks)
    text.push(
      '',
      w.title(week.name),
      w.summary(week.summary),
      w.summaryMore(week.summary),
      `${t.parentWeeklyTexts.open}: ${urlOf(week.name)}`,
    );
  return {
    subject,
    text: text.join('\n'),
    html: html`<p>${t.greetingTexts.hello(person.username)}</p>${weeks.map(
      (week) =>
        html`<h2 style="font-size:1em">${w.title(week.name)}</h2><p>${w.summary(week.summary)}<br>${w.summaryMore(
          week.summary,
        )}</p><p><a href="${urlOf(week.name)}">${t.parentWeeklyTexts.open}</a></p>`,
    )}`,
  };
};

/** Each digest: its kind, when it is due, what it says (null: nothing new, no mail). */
const DIGESTS: { kind: NotificationKind; period: typeof dailyPeriod; compose: Compose }[] = [
  { kind: 'teacher-marking', period: dailyPeriod, compose: teacherMarking },
  { kind: 'student-digest', period: dailyPeriod, compose: studentDigest },
  { kind: 'parent-weekly', period: weeklyPeriod, compose: parentWeekly },
];

/** Each digest's kind, who gets it and the period due at `now`. */
export function duePeriods(
  now: Date,
  timeZone: string,
): { kind: NotificationKind; role: Role; period: string }[] {
  return DIGESTS.map((d) => ({
    kind: d.kind,
    role: NOTIFICATION_ROLE[d.kind],
    period: d.period(now, timeZone),
  }));
}

/**
 * One pass of the scheduler: every digest due now and not yet decided, for everyone who gets it.
 * Each person's is claimed (a `mail_digests` row, ON CONFLICT DO NOTHING) and enqueued in one
 * transaction, so racing instances or a restart never send one twice. A period with nothing new is
 * decided too, without a mail. Answers how many mails were enqueued.
 */
export async function runDigests(db: Db, settings: DigestSettings, now: Date): Promise<number> {
  const base = withSlash(settings.publicUrl);
  const link = (path: string) => new URL(path, base).toString();
  let enqueued = 0;
  for (const digest of DIGESTS) {
    const period = digest.period(now, settings.timeZone);
    const people = await digestCandidates(db, NOTIFICATION_ROLE[digest.kind], digest.kind, period);
    for (const person of people) {
      const language = person.language ?? DEFAULT_LANGUAGE;
      // Before the transaction: the key is read through the pool, not this transaction's connection.
      const footer = await unsubscribeParts(
        db,
        settings.publicUrl,
        { userId: person.id, language },
        digest.kind,
      );
      const sent = await db.transaction(async (tx) => {
        const claim = { userId: person.id, kind: digest.kind, period, at: now };
        if (!(await claimDigest(tx, claim))) return false;
        const content = await digest.compose(
          tx,
          person,
          { language, period, now, kind: digest.kind, link },
          settings.timeZone,
        );
        if (!content) return false;
        await enqueueMail(tx, {
          to: person.email,
          subject: content.subject,
          text: `${content.text}${footer.text}`,
          html: htmlDocument({
            lang: language,
            title: content.subject,
            body: html`${content.html}${footer.html}`,
          }),
          kind: digest.kind,
          userId: person.id,
          headers: footer.headers,
        });
        return true;
      });
      if (sent) enqueued++;
    }
  }
  return enqueued;
}
