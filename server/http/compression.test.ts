import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { answerZlib, outputChunkSize } from './compression.ts';

/** About what the student's tutoring read answers: a page of five questions, ~2 KB of JSON. */
const page = JSON.stringify({
  content: Array.from({ length: 5 }, (_, i) => ({
    id: 1000 + i,
    title: `Question ${i}`,
    question: 'Which one?&code:int x = 1;',
    options: ['1', '2', '3', '4'].map((text, n) => ({ id: 4000 + 4 * i + n, text })),
    topics: ['bench', `topic ${i}`],
    generatedDate: '2026-11-24T09:00:00.000Z',
    targetDate: '2026-11-27T09:00:00.000Z',
    hint: 'Look at x.',
  })),
  page: { number: 0, size: 5, totalElements: 20, totalPages: 4 },
});
const quality1 = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };

describe('answerZlib: one-shot compression into a buffer the answer’s size', () => {
  /** The bytes of buffer memory (outside V8's heap) that `compress` takes. */
  function bufferBytesTaken(compress: () => Buffer): { output: Buffer; bytes: number } {
    const allocations = vi.spyOn(Buffer, 'allocUnsafe');
    try {
      const output = compress();
      return { output, bytes: allocations.mock.calls.reduce((sum, [size]) => sum + size, 0) };
    } finally {
      allocations.mockRestore();
    }
  }

  it('takes as much buffer for a read-sized answer as the answer has bytes, not 16 KB', () => {
    const input = Buffer.from(page);
    expect(input.length).toBeGreaterThan(1500);
    expect(input.length).toBeLessThan(4096);
    // What zlib does by default: 16 KB of buffer per answer.
    expect(bufferBytesTaken(() => zlib.brotliCompressSync(input, quality1)).bytes).toBe(16 * 1024);

    const brotli = bufferBytesTaken(() => answerZlib.brotliCompressSync(input, quality1));
    expect(brotli.bytes).toBe(input.length);
    expect(zlib.brotliDecompressSync(brotli.output).toString()).toBe(page);
    expect(brotli.output).toEqual(zlib.brotliCompressSync(input, quality1));
    const gzip = bufferBytesTaken(() => answerZlib.gzipSync(input));
    expect(gzip.bytes).toBe(input.length);
    expect(zlib.gunzipSync(gzip.output).toString()).toBe(page);
    const deflate = bufferBytesTaken(() => answerZlib.deflateSync(input));
    expect(deflate.bytes).toBe(input.length);
    expect(zlib.inflateSync(deflate.output).toString()).toBe(page);
  });

  it('gives an answer that does not shrink a second chunk: it comes out whole', () => {
    for (const size of [1, 100, 4096, 8192, 20_000]) {
      const input = randomBytes(size);
      expect(zlib.brotliDecompressSync(answerZlib.brotliCompressSync(input, quality1))).toEqual(input);
      expect(zlib.gunzipSync(answerZlib.gzipSync(input))).toEqual(input);
      expect(zlib.inflateSync(answerZlib.deflateSync(input))).toEqual(input);
    }
  });

  it('sizes the buffer to the answer, within zlib’s minimum and its usual 16 KB', () => {
    expect(outputChunkSize(0)).toBe(64);
    expect(outputChunkSize(63)).toBe(64);
    expect(outputChunkSize(2000)).toBe(2000);
    expect(outputChunkSize(16_384)).toBe(16_384);
    expect(outputChunkSize(16_385)).toBe(16_384);
    expect(outputChunkSize(100_000)).toBe(16_384);
  });
});

describe('the app compresses small answers with answerZlib', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });

  it('brotli and gzip answers of a few KB go through it', async () => {
    const brotli = vi.spyOn(answerZlib, 'brotliCompressSync');
    const gzip = vi.spyOn(answerZlib, 'gzipSync');
    t = await startTestApp({
      registerExtra: (app) => {
        app.get('/test/page', async (_request, reply) => reply.type('application/json').send(page));
      },
    });
    const br = await t.request({ method: 'GET', url: '/test/page', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    expect(brotli).toHaveBeenCalledTimes(1);
    const gz = await t.request({ method: 'GET', url: '/test/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(page);
    expect(gzip).toHaveBeenCalledTimes(1);
  });
});
