import { type ReactNode, useEffect, useRef } from 'react';
import { useTexts } from '../../i18n/texts.ts';
import { owner } from './content/owner.ts';
import { Logo } from './Logo.tsx';
import styles from './landing.module.css';
import { useDocumentTitle, useInView } from './motion.ts';
import { PortfolioNav } from './PortfolioNav.tsx';
import { Slideshow } from './Slideshow.tsx';
import { Timeline } from './Timeline.tsx';

/**
 * Each section has an active flag, true while it is in view; active sections come in,
 * inactive ones move out. The server's HTML has no flag, so every section is simply there.
 */
function Reveal({
  as: Tag,
  id,
  className,
  label,
  children,
  render,
}: {
  as: 'header' | 'section';
  id?: string;
  className?: string;
  label?: string;
  children?: ReactNode;
  render?: (active: boolean | null) => ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const active = useInView(ref);
  return (
    <Tag
      ref={ref}
      id={id}
      className={`${styles.section} ${className}`}
      data-active={active === null ? undefined : active}
      aria-label={label}
    >
      {render ? render(active) : children}
    </Tag>
  );
}

/** `/`: the owner's landing page: header, career timeline, projects. */
export function LandingPage() {
  const { portfolioTexts } = useTexts('portfolio');
  useDocumentTitle(owner.siteTitle);
  // A link to a section of this page (/#timeline from /prev) shows that section.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  const phoneDigits = owner.phone.replace(/[^\d+]/g, '');
  return (
    <main className={styles.landing}>
      <Reveal
        as="header"
        className={styles.intro}
        render={(active) => (
          <>
            <div className={styles.introText}>
              <Logo name={owner.name} label={portfolioTexts.logo(owner.name)} className={styles.logo} />
              <h1 className={styles.name}>{owner.name}</h1>
              <p className={styles.job}>{owner.jobTitle}</p>
              <section className={styles.contact} aria-labelledby="contact-me">
                <h2 id="contact-me" className={styles.contactTitle}>
                  {portfolioTexts.contactMe}
                </h2>
                <dl className={styles.contactList}>
                  <dt>{portfolioTexts.email}</dt>
                  <dd>
                    <a href={`mailto:${owner.email}`}>{owner.email}</a>
                  </dd>
                  <dt>{owner.network.service}</dt>
                  <dd>
                    <a href={owner.network.url} rel="noopener noreferrer me">
                      {owner.network.handle}
                    </a>
                  </dd>
                  <dt>{portfolioTexts.phone}</dt>
                  <dd>
                    <a href={`tel:${phoneDigits}`}>{owner.phone}</a>
                  </dd>
                </dl>
              </section>
            </div>
            <div className={styles.introPhotos}>
              <Slideshow
                photos={owner.headerPhotos}
                label={portfolioTexts.headerPhotos}
                active={active !== false}
                sizes="(max-width: 760px) 92vw, 46vw"
                priority
              />
            </div>
          </>
        )}
      />
      <Reveal
        as="section"
        id="timeline"
        className={styles.timelineSection}
        label={portfolioTexts.timeline}
        render={(active) => <Timeline entries={owner.timeline} active={active} />}
      />
      <Reveal as="section" className={styles.projects} label={owner.projects.title}>
        <h2 className={styles.projectsTitle}>{owner.projects.title}</h2>
        <p>{owner.projects.note}</p>
        <a
          className={styles.projectsLink}
          href={owner.projects.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {owner.projects.linkText}
          <span className="visually-hidden"> {portfolioTexts.opensInNewTab}</span>
        </a>
      </Reveal>
      <PortfolioNav current="/" />
    </main>
  );
}
