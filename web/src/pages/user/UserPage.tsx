import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { DEFAULT_AVATAR_URL } from '../../../../common/avatars.ts';
import type { UserResponse } from '../../../../common/contracts/users.ts';
import { useAuthCheck } from '../../api/authCheck.ts';
import { profileApi, profileKeys } from '../../api/profile.ts';
import { userKeys, usersApi } from '../../api/users.ts';
import { useTexts } from '../../i18n/texts.ts';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import { lazyPage } from '../../routing/lazyPage.tsx';
import { PreloadLink } from '../../routing/PreloadLink.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EditProfileDialog } from './EditProfileDialog.tsx';
import styles from './UserPage.module.css';

// The sections bring charts and the calendar: their own chunks, loaded when first opened.
const tutoringSection = lazyPage('dashboard-tutoring', () =>
  import('./TutoringSection.tsx').then((m) => m.TutoringSection),
);
const mathSection = lazyPage('dashboard-math', () => import('./MathSection.tsx').then((m) => m.MathSection));

/** The services the dashboard has pages for (any other gets a section that says what it is). */
const SECTIONS: Record<string, typeof tutoringSection> = {
  Tutoring: tutoringSection,
  'Simple Math Question': mathSection,
};

const roleList = (person: UserResponse) => person.role.split(',').filter(Boolean);

/**
 * /user/{name}, the dashboard: the card with the learner's
 * figures and Edit Profile (on one's own page); a student's sections for their subscribed services,
 * each loading its data when first opened; a parent's children; a teacher's tools and students.
 */
export function UserPage() {
  const { failureTexts, appLoadTexts } = useTexts('messages');
  const { name = '' } = useParams();
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots });
  const user = useQuery({ queryKey: userKeys.user(name), queryFn: () => usersApi.user(name) });
  const me = useAuthCheck();

  useEffect(() => {
    // A student or parent refused someone else's dashboard goes to their own page.
    if (user.error) onFailure(user.error, { forbiddenTo: ownHomePage });
  }, [user.error, onFailure]);

  if (user.isPending) return <p role="status">{appLoadTexts.loading}</p>;
  if (!user.data) return <p>{failureTexts.serverIssueDots}</p>;
  const person = user.data;
  const roles = roleList(person);
  const own = me.data?.username.toLowerCase() === person.username.toLowerCase();
  return (
    <div className={styles.page}>
      <ProfileCard person={person} editable={own} />
      {roles.includes('STUDENT') && <StudentSections name={person.username} />}
      {roles.includes('PARENT') && <Children name={person.username} />}
      {roles.includes('TEACHER') && own && <TeacherTools />}
    </div>
  );
}

function ProfileCard({ person, editable }: { person: UserResponse; editable: boolean }) {
  const { dashboardTexts } = useTexts('insight');
  const [editing, setEditing] = useState(false);
  const student = roleList(person).includes('STUDENT');
  const figures: [string, string | number][] = [
    [dashboardTexts.totalQuestions, person.totalQuestions],
    [dashboardTexts.totalSubmissions, person.totalSubmissions],
    [dashboardTexts.averageScore, person.averageScore === null ? '—' : `${person.averageScore.toFixed(2)}%`],
    [dashboardTexts.toSolve, person.toSolve],
  ];
  return (
    <Card as="section" className={styles.card} aria-labelledby="profile-name">
      <img
        className={styles.avatar}
        src={person.imageURL}
        alt={dashboardTexts.pictureOf(person.username)}
        width={96}
        height={96}
      />
      <div className={styles.details}>
        <h1 id="profile-name" className={styles.name}>
          {person.username}
        </h1>
        <p className={styles.email}>{person.email}</p>
        <ul className={styles.roles} aria-label={dashboardTexts.roles}>
          {roleList(person).map((role) => (
            <li key={role} className={styles.role}>
              {(dashboardTexts.roleNames as Partial<Record<string, string>>)[role] ?? role.toLowerCase()}
            </li>
          ))}
        </ul>
        {editable && (
          <Button className={styles.edit} onClick={() => setEditing(true)}>
            {dashboardTexts.editProfile}
          </Button>
        )}
      </div>
      {student && (
        <dl className={styles.figures}>
          {figures.map(([label, value]) => (
            <div key={label} className={styles.figure}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {editing && <EditProfileDialog person={person} onClose={() => setEditing(false)} />}
    </Card>
  );
}

/**
 * A section that shows its content, and so loads its data, only from its first opening; closed
 * again, it keeps what it loaded.
 */
function Accordion({ title, children }: { title: string; children: ReactNode }) {
  const { dashboardTexts } = useTexts('insight');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const id = useId();
  return (
    <section className={styles.accordion}>
      <h2 className={styles.accordionTitle}>
        <button
          type="button"
          className={styles.accordionButton}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => {
            setOpen((value) => !value);
            setOpened(true);
          }}
        >
          {title}
        </button>
      </h2>
      <div id={id} hidden={!open} className={styles.accordionBody}>
        {opened && <Suspense fallback={<p role="status">{dashboardTexts.loading}</p>}>{children}</Suspense>}
      </div>
    </section>
  );
}

function StudentSections({ name }: { name: string }) {
  const { dashboardTexts } = useTexts('insight');
  const { failureTexts } = useTexts('messages');
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots });
  const services = useQuery({
    queryKey: profileKeys.subscriptions(name),
    queryFn: () => profileApi.subscriptions(name),
  });
  useEffect(() => {
    if (services.error) onFailure(services.error);
  }, [services.error, onFailure]);
  if (services.isPending) return <p role="status">{dashboardTexts.loading}</p>;
  const shown = services.data ?? [];
  // The two services the app has pages for are named in the language shown; others as the admin wrote them.
  const serviceName = (service: string) =>
    service === 'Tutoring'
      ? dashboardTexts.tutoring
      : service === 'Simple Math Question'
        ? dashboardTexts.math
        : service;
  if (shown.length === 0) return <p className={styles.muted}>{dashboardTexts.noServices}</p>;
  // Every subscribed service has its section; the ones the app has no pages for (added in the admin
  // console) say so, instead of being left out.
  return (
    <>
      {shown.map((service) => {
        const Section = SECTIONS[service]?.Page;
        return (
          <Accordion key={service} title={serviceName(service)}>
            {Section ? <Section /> : <p className={styles.muted}>{dashboardTexts.otherService(service)}</p>}
          </Accordion>
        );
      })}
    </>
  );
}

/** A parent's own dashboard: their children, each with a link to their dashboard and statistics. */
function Children({ name }: { name: string }) {
  const { dashboardTexts } = useTexts('insight');
  const { failureTexts } = useTexts('messages');
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots });
  const children = useQuery({
    queryKey: profileKeys.children(name),
    queryFn: () => profileApi.children(name),
  });
  useEffect(() => {
    if (children.error) onFailure(children.error);
  }, [children.error, onFailure]);
  return (
    <Card as="section" title={dashboardTexts.children} aria-label={dashboardTexts.children}>
      {children.isPending ? (
        <p role="status">{dashboardTexts.loading}</p>
      ) : (children.data ?? []).length === 0 ? (
        <p className={styles.muted}>{dashboardTexts.noChildren}</p>
      ) : (
        <ul className={styles.people}>
          {children.data!.map((child) => (
            <PersonEntry key={child.id} name={child.name} picture={child.imageURL} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function PersonEntry({ name, picture }: { name: string; picture: string | null }) {
  const { weekTexts } = useTexts('week');
  const { dashboardTexts } = useTexts('insight');
  const { headerTexts } = useTexts('messages');
  const path = encodeURIComponent(name);
  return (
    <li className={styles.person}>
      <img className={styles.smallAvatar} src={picture ?? DEFAULT_AVATAR_URL} alt="" width={40} height={40} />
      <span className={styles.personName} title={name}>
        {name}
      </span>
      <span className={styles.personLinks}>
        <PreloadLink to={`/user/${path}`} aria-label={dashboardTexts.dashboardOf(name)}>
          {headerTexts.dashboard}
        </PreloadLink>
        <PreloadLink to={`/stats/${path}`} aria-label={dashboardTexts.statsOf(name)}>
          {dashboardTexts.stats}
        </PreloadLink>
        <PreloadLink to={`/week/${path}`} aria-label={weekTexts.weekOf(name)}>
          {weekTexts.weekLink}
        </PreloadLink>
      </span>
    </li>
  );
}

/** A teacher's own dashboard: the teacher pages, and the students given their questions. */
function TeacherTools() {
  const { dashboardTexts } = useTexts('insight');
  const { headerTexts } = useTexts('messages');
  const me = useAuthCheck();
  const name = me.data?.username ?? '';
  const students = useQuery({
    queryKey: profileKeys.teacherStudents(name),
    queryFn: () => profileApi.teacherStudents(name),
    enabled: name !== '',
  });
  return (
    <Card as="section" title={dashboardTexts.teaching} aria-label={dashboardTexts.teaching}>
      <nav className={styles.links} aria-label={dashboardTexts.teaching}>
        <PreloadLink to="/teacher">{headerTexts.teacher}</PreloadLink>
        <PreloadLink to="/questions">{headerTexts.archive}</PreloadLink>
        <PreloadLink to="/upload">{headerTexts.upload}</PreloadLink>
      </nav>
      {students.isSuccess && students.data.length > 0 && (
        <>
          <h3 className={styles.subheading}>{dashboardTexts.yourStudents}</h3>
          <ul className={styles.people}>
            {students.data.map((student) => (
              <PersonEntry key={student.id} name={student.name} picture={student.url} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
