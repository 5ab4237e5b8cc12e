// Rules of the repository's prose that a reader relies on: every citation in the code leads to a
// heading that exists, nothing cites a document the repository lacks, and docs/ stays small enough
// to read top to bottom (docs/architecture.md, "Folders and layers").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const sources = tracked.filter(
  (file) =>
    /^(server|web|common|e2e|bench|scripts|docs)\//.test(file) &&
    /\.(ts|tsx|mjs|cjs|css|md|html)$/.test(file),
);
const docs = tracked.filter((file) => /^docs\/[^/]+\.md$/.test(file));
const read = (file: string) => fs.readFileSync(file, 'utf8');

function headings(doc: string): Set<string> {
  return new Set([...read(doc).matchAll(/^#{1,4} +(.+?) *$/gm)].map((match) => match[1] ?? ''));
}

describe('the repository', () => {
  it('cites only headings its docs have', () => {
    const known = new Map(docs.map((doc) => [doc, headings(doc)]));
    const broken: string[] = [];
    // A citation may wrap onto the comment's next line.
    for (const file of [...sources, 'README.md'])
      for (const [, doc, heading] of read(file)
        .replace(/\n\s*(?:\*|\/\/)\s*/g, ' ')
        .matchAll(/(docs\/[a-z-]+\.md),? "([^"\n]+)"/g)) {
        const found = known.get(doc ?? '');
        if (!found?.has(heading ?? '')) broken.push(`${file}: ${doc}, "${heading}"`);
      }
    expect(broken).toEqual([]);
  });

  it('cites no document it does not contain', () => {
    const outside = /[Ii]ssue [0-9]+|[Ss]pec [0-9] §|DESIGN|server-original|client-original/;
    // This file names the patterns, so it is the one file left out.
    const citing = sources
      .filter((file) => file !== 'scripts/repository.test.ts')
      .flatMap((file) =>
        read(file)
          .split('\n')
          .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(citing).toEqual([]);
  });

  it('keeps docs/ to at most 60 KB, with no dates of runs or commit hashes', () => {
    const bytes = docs.reduce((total, doc) => total + fs.statSync(doc).size, 0);
    expect(bytes).toBeLessThanOrEqual(60 * 1024);
    // A date alone is a run's date; one inside a timestamp (2026-03-10T10:00) is an example of the wire.
    const history = /\b20\d\d-\d\d-\d\d\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/;
    const dated = docs.flatMap((doc) =>
      read(doc)
        .split('\n')
        .flatMap((line, index) => (history.test(line) ? [`${doc}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(dated).toEqual([]);
  });
});
