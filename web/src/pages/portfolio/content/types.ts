/**
 * The shape of the owner's content (content/owner.ts): everything the portfolio pages say about the
 * owner. Checked when the app is built (content/validate.ts): a mistake stops the build with a list
 * of what to fix.
 */

/** A picture: a file name in content/photos/ and what it shows, for people who cannot see it. */
export type Photo = { file: string; alt: string };

/** A block of the detail panel: its title, its period (details only) and its lines. */
export type DetailBlock = { title: string; period: string; contents: string[] };
export type InformationBlock = { title: string; contents: string[] };

/** One circle of the career timeline. */
export type TimelineEntry = {
  /** The circle's label (docs/product.md, "Portfolio pages", lists them). */
  label: string;
  /** A second line under the label (circles 4 and 6). */
  extraLabel?: string;
  /** The period's name: the timeline's title while it is chosen. */
  period: string;
  /** When, in words (`Sep 2017 – May 2018`). */
  when: string;
  photos: Photo[];
  /** 'Heading: text' lines of the TL;DR list (none for the present). */
  tldr: string[];
  details: DetailBlock[];
  furtherInformation: InformationBlock[];
};

export type SkillCard = { title: string; badge: string; colour: string; description: string };

export type OwnerContent = {
  name: string;
  /** What the browser tab says on the landing page. */
  siteTitle: string;
  jobTitle: string;
  email: string;
  network: { service: string; handle: string; url: string };
  /** As dialled from abroad, e.g. `+82 10-1234-5678`. */
  phone: string;
  /** The header's slideshow: six pictures, 4,000 ms each. */
  headerPhotos: Photo[];
  /** Seven entries; the last is the present (no TL;DR, no further information). */
  timeline: TimelineEntry[];
  projects: { title: string; linkText: string; url: string; note: string };
  /** The older main page (/prev). */
  previous: {
    greeting: string;
    portrait: Photo;
    summary: string[];
    skills: SkillCard[];
  };
  /** The wall's subtitle names the owner by this name. */
  shortName: string;
};
