import { describe, expect, it } from 'vitest';

/**
 * The shared contracts never make zod reach for `Function` (eval), which the pages' CSP refuses and
 * reports. With its JIT on, zod probes `Function` when it builds the first object schema (at import
 * time) and compiles each object's parser with it on first use, so nothing zod-related is imported
 * before the spy is in place, and the schemas are parsed after.
 */
describe('zod without JIT', () => {
  it('builds and parses the shared contracts without calling Function', async () => {
    const original = globalThis.Function;
    const calls: string[] = [];
    const record = () => calls.push(new Error('Function called').stack ?? '');
    globalThis.Function = new Proxy(original, {
      construct(target, args, newTarget) {
        record();
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, self, args) {
        record();
        return Reflect.apply(target, self, args);
      },
    });
    try {
      // The contracts first, as the pages load them: they must turn the JIT off themselves.
      const tutoring = await import('./contracts/tutoring.ts');
      const users = await import('./contracts/users.ts');
      const paging = await import('./contracts/paging.ts');
      const { z } = await import('./zod.ts');
      expect(z.config().jitless).toBe(true);
      for (let i = 0; i < 2; i++) {
        expect(
          tutoring.SubmissionBatch.safeParse([{ questionId: 1, studentAnswer: 'a', studentName: 'ann' }])
            .success,
        ).toBe(true);
        expect(
          tutoring.DraftsPatchRequest.safeParse({ changes: { 1: { answer: 'x', version: 0 } } }).success,
        ).toBe(true);
        expect(users.LoginRequest.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
        expect(paging.pageQuery(['id']).safeParse({ page: '1', size: '5', sort: 'id,desc' }).success).toBe(
          true,
        );
      }
    } finally {
      globalThis.Function = original;
    }
    expect(calls.filter((stack) => stack.includes('zod'))).toEqual([]);
  });
});
