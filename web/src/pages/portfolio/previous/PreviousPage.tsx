import { type CSSProperties, useState } from 'react';
import { useTexts } from '../../../i18n/texts.ts';
import { PreloadLink } from '../../../routing/PreloadLink.tsx';
import { owner } from '../content/owner.ts';
import type { SkillCard } from '../content/types.ts';
import { useDocumentTitle } from '../motion.ts';
import { Picture } from '../Picture.tsx';
import { PortfolioNav } from '../PortfolioNav.tsx';
import styles from './previous.module.css';

/** A skill card: its look changes on hover and focus; pressed, it tells more. */
function Skill({ card }: { card: SkillCard }) {
  const { previousTexts } = useTexts('portfolio');
  const [open, setOpen] = useState(false);
  return (
    <li>
      <button
        type="button"
        className={styles.card}
        style={{ '--skill': card.colour } as CSSProperties}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.badge} aria-hidden="true">
          {card.badge}
        </span>
        <span className={styles.cardTitle}>{card.title}</span>
        <span className={styles.cardText} hidden={!open}>
          {card.description}
        </span>
        <span className="visually-hidden">{open ? '' : previousTexts.showMore(card.title)}</span>
      </button>
    </li>
  );
}

/** `/prev`: the older main page: greeting, portrait, summary, skills, projects, careers. */
export function PreviousPage() {
  const { portfolioTexts, previousTexts } = useTexts('portfolio');
  useDocumentTitle(owner.siteTitle);
  const { previous } = owner;
  return (
    <main className={styles.page}>
      <section className={styles.hello}>
        <div className={styles.helloText}>
          <p className={styles.greeting}>{previous.greeting}</p>
          <h1 className={styles.name}>{owner.name}</h1>
          {previous.summary.map((line) => (
            <p key={line} className={styles.summary}>
              {line}
            </p>
          ))}
        </div>
        <Picture
          photo={previous.portrait}
          sizes="(max-width: 760px) 80vw, 360px"
          priority
          className={styles.portrait}
        />
      </section>
      <section aria-labelledby="main-skills">
        <h2 id="main-skills">{previousTexts.mainSkills}</h2>
        <ul className={styles.cards}>
          {previous.skills.map((card) => (
            <Skill key={card.title} card={card} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="projects">
        <h2 id="projects">{previousTexts.projects}</h2>
        <p>
          <a href={owner.projects.url} target="_blank" rel="noopener noreferrer">
            {owner.projects.title}
            <span className="visually-hidden"> {portfolioTexts.opensInNewTab}</span>
          </a>
        </p>
      </section>
      <section aria-labelledby="careers">
        <h2 id="careers">{previousTexts.careers}</h2>
        <p>
          {previousTexts.careersText} <PreloadLink to="/#timeline">{previousTexts.seeTimeline}</PreloadLink>
        </p>
      </section>
      <PortfolioNav current="/prev" />
    </main>
  );
}
