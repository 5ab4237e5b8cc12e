import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readLines } from './restore.ts';

// A collection on demand, so what is measured is what stays reachable, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** 400,000 lines of 200 characters: ~80 MB once read, far above the bound below. */
const LINES = 400_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-lines-'));
const file = path.join(dir, 'big.backup');

beforeAll(() => {
  const line = (n: number) => `R\tsubmissions\t{"id":${n},"student_answer":"${'x'.repeat(170)}"}\n`;
  const chunks: Buffer[] = [];
  for (let from = 0; from < LINES; from += 10_000)
    chunks.push(Buffer.from(Array.from({ length: 10_000 }, (_, i) => line(from + i)).join('')));
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(chunks)));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const usedBytes = () => {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
};

it('reads a backup a line at a time, never far ahead of a slow restore', async () => {
  gc();
  const before = usedBytes();
  let lines = 0;
  let peak = 0;
  for await (const line of readLines(file)) {
    lines++;
    expect(line.startsWith('R\t')).toBe(true);
    // A restore waits for the database between batches: the file must wait too.
    if (lines % 50_000 === 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      gc();
      peak = Math.max(peak, usedBytes() - before);
    }
  }
  expect(lines).toBe(LINES);
  expect(peak).toBeLessThan(16 * 1024 * 1024);
});
