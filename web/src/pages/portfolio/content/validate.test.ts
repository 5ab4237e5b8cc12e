import { describe, expect, it } from 'vitest';
import { owner } from './owner.ts';
import type { OwnerContent } from './types.ts';
import { contentProblems } from './validate.ts';

// The picture files there are, as the build sees them.
const photoFiles = Object.keys(import.meta.glob('./photos/*')).map((file) => file.replace('./photos/', ''));
const copy = (): OwnerContent => structuredClone(owner);

describe("the owner's content (checked by the build)", () => {
  it('ships sample content that passes, with the seven periods in order', () => {
    expect(contentProblems(owner, photoFiles)).toEqual([]);
    expect(owner.timeline.map((entry) => entry.label)).toEqual([
      'First year at a university',
      'Second year at the university',
      'Served for National Duty',
      'Third year at the university',
      'Fourth year at the university',
      'Graduate of the university',
      'Contract ends at the car maker',
    ]);
    expect(owner.timeline[3]!.extraLabel).toBe('Start Freelance Tutoring as a Job');
    expect(owner.timeline[5]!.extraLabel).toBe("work for a car maker's Korean branch");
    expect(owner.headerPhotos).toHaveLength(6);
  });

  it('names every mistake and where it is', () => {
    const content = copy();
    content.headerPhotos.pop();
    content.headerPhotos[0]!.file = 'missing.jpg';
    content.timeline[0]!.tldr.push('no colon here');
    content.timeline[6]!.tldr.push('Heading: the present has none');
    content.timeline[6]!.furtherInformation.push({ title: 'Skills', contents: ['x'] });
    content.timeline[1]!.details[0]!.contents.push('  ');
    content.projects.url = 'http://blog.example.com';
    content.email = 'not an address';
    content.previous.skills[0]!.colour = 'blue';
    expect(contentProblems(content, photoFiles)).toEqual([
      'email: must be an e-mail address',
      'headerPhotos: must be 6 pictures, not 5',
      "headerPhotos[0].file: 'missing.jpg' is not in web/src/pages/portfolio/content/photos/",
      "timeline[0].tldr[3]: must read 'Heading: text'",
      'timeline[1].details[0].contents[3]: must not be empty',
      'timeline[6].tldr: the present has no TL;DR',
      'timeline[6].furtherInformation: the present has none',
      'projects.url: must be an https:// address',
      'previous.skills[0].colour: must be #rrggbb',
    ]);
  });

  it('wants seven timeline entries', () => {
    const content = copy();
    content.timeline.splice(2, 1);
    expect(contentProblems(content, photoFiles)).toContain('timeline: must be 7 entries, not 6');
  });
});
