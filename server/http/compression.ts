import zlib from 'node:zlib';

/**
 * The output buffer of a one-shot compression, sized to the answer instead of zlib's 16 KB.
 *
 * `@fastify/compress` compresses answers of up to a few KB in one call (`brotliCompressSync`,
 * `gzipSync`), and zlib takes a 16 KB output buffer for each call, of which the compressed read
 * (~2 KB of JSON, ~400 bytes compressed) uses a fortieth. Buffers are memory outside V8's heap
 * (Node's shared pool hands out slices of 64 KB blocks, a new block every four answers), and V8
 * starts a full (mark-compact) collection whenever such memory grows by some 64 MB between two:
 * at 5,000 reads/s the 16 KB alone set one off every second or so, each stopping every request in
 * flight (docs/performance.md, "Allocation per read"). The answer's own size is
 * enough for its compressed form; an answer that does not shrink only takes a second chunk.
 */
export function outputChunkSize(inputBytes: number): number {
  return Math.min(Math.max(inputBytes, zlib.constants.Z_MIN_CHUNK), zlib.constants.Z_DEFAULT_CHUNK);
}

/**
 * The `zlib` given to `@fastify/compress` (its `zlib` option): the one-shot compressors with an
 * output buffer sized by `outputChunkSize`; streams (answers above its synchronous limit) stay
 * Node's own, with their usual chunks.
 */
export const answerZlib = {
  brotliCompressSync: (input: Buffer, options?: zlib.BrotliOptions) =>
    zlib.brotliCompressSync(input, { ...options, chunkSize: outputChunkSize(input.length) }),
  gzipSync: (input: Buffer, options?: zlib.ZlibOptions) =>
    zlib.gzipSync(input, { ...options, chunkSize: outputChunkSize(input.length) }),
  deflateSync: (input: Buffer, options?: zlib.ZlibOptions) =>
    zlib.deflateSync(input, { ...options, chunkSize: outputChunkSize(input.length) }),
  createBrotliCompress: zlib.createBrotliCompress,
  createGzip: zlib.createGzip,
  createDeflate: zlib.createDeflate,
};
