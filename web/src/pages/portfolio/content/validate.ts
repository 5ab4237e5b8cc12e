import type { OwnerContent, Photo, TimelineEntry } from './types.ts';

/** The header's slideshow has six pictures; the timeline has seven circles. */
export const HEADER_PHOTOS = 6;
export const TIMELINE_ENTRIES = 7;

/**
 * Everything wrong with the owner's content, as sentences naming the place (`timeline[3].tldr[0]:
 * …`); empty when it is fine. Run by the build (web/vite.config.ts) with the picture files there
 * are, so a typo in a file name or a missing picture stops the build instead of showing a broken
 * page.
 */
export function contentProblems(content: OwnerContent, photoFiles: readonly string[]): string[] {
  const problems: string[] = [];
  const files = new Set(photoFiles);
  const text = (where: string, value: unknown, max = 400) => {
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${where}: must not be empty`);
    else if (value.length > max) problems.push(`${where}: must be at most ${max} characters`);
  };
  const url = (where: string, value: string) => {
    if (!URL.canParse(value) || new URL(value).protocol !== 'https:') {
      problems.push(`${where}: must be an https:// address`);
    }
  };
  const photo = (where: string, value: Photo) => {
    text(`${where}.alt`, value.alt, 200);
    if (!files.has(value.file)) {
      problems.push(`${where}.file: '${value.file}' is not in web/src/pages/portfolio/content/photos/`);
    }
  };
  const lines = (where: string, values: string[]) => {
    values.forEach((value, i) => {
      text(`${where}[${i}]`, value);
    });
  };

  text('name', content.name, 80);
  text('shortName', content.shortName, 40);
  text('siteTitle', content.siteTitle, 80);
  text('jobTitle', content.jobTitle, 80);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(content.email)) problems.push('email: must be an e-mail address');
  text('network.service', content.network.service, 40);
  text('network.handle', content.network.handle, 80);
  url('network.url', content.network.url);
  if (!/^\+?[\d\s().-]{7,20}$/.test(content.phone)) problems.push('phone: must be a phone number');

  if (content.headerPhotos.length !== HEADER_PHOTOS) {
    problems.push(`headerPhotos: must be ${HEADER_PHOTOS} pictures, not ${content.headerPhotos.length}`);
  }
  content.headerPhotos.forEach((p, i) => {
    photo(`headerPhotos[${i}]`, p);
  });

  if (content.timeline.length !== TIMELINE_ENTRIES) {
    problems.push(`timeline: must be ${TIMELINE_ENTRIES} entries, not ${content.timeline.length}`);
  }
  content.timeline.forEach((entry: TimelineEntry, i) => {
    const at = `timeline[${i}]`;
    const present = i === content.timeline.length - 1;
    text(`${at}.label`, entry.label, 80);
    if (entry.extraLabel !== undefined) text(`${at}.extraLabel`, entry.extraLabel, 80);
    text(`${at}.period`, entry.period, 80);
    text(`${at}.when`, entry.when, 60);
    if (entry.photos.length === 0) problems.push(`${at}.photos: needs at least one picture`);
    entry.photos.forEach((p, j) => {
      photo(`${at}.photos[${j}]`, p);
    });
    if (present && entry.tldr.length > 0) problems.push(`${at}.tldr: the present has no TL;DR`);
    if (present && entry.furtherInformation.length > 0) {
      problems.push(`${at}.furtherInformation: the present has none`);
    }
    if (!present && entry.tldr.length === 0) problems.push(`${at}.tldr: needs at least one line`);
    entry.tldr.forEach((line, j) => {
      const colon = line.indexOf(':');
      if (colon <= 0 || line.slice(colon + 1).trim() === '') {
        problems.push(`${at}.tldr[${j}]: must read 'Heading: text'`);
      }
    });
    if (entry.details.length === 0) problems.push(`${at}.details: needs at least one block`);
    entry.details.forEach((block, j) => {
      text(`${at}.details[${j}].title`, block.title, 120);
      text(`${at}.details[${j}].period`, block.period, 60);
      lines(`${at}.details[${j}].contents`, block.contents);
    });
    entry.furtherInformation.forEach((block, j) => {
      text(`${at}.furtherInformation[${j}].title`, block.title, 120);
      lines(`${at}.furtherInformation[${j}].contents`, block.contents);
    });
  });

  text('projects.title', content.projects.title, 80);
  text('projects.linkText', content.projects.linkText, 40);
  url('projects.url', content.projects.url);
  text('previous.greeting', content.previous.greeting, 80);
  photo('previous.portrait', content.previous.portrait);
  lines('previous.summary', content.previous.summary);
  content.previous.skills.forEach((card, i) => {
    text(`previous.skills[${i}].title`, card.title, 40);
    text(`previous.skills[${i}].badge`, card.badge, 3);
    text(`previous.skills[${i}].description`, card.description, 200);
    if (!/^#[0-9a-f]{6}$/i.test(card.colour)) problems.push(`previous.skills[${i}].colour: must be #rrggbb`);
  });
  return problems;
}
