import os from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { apiMessages } from '../../common/messages.ts';
import { AppError } from '../errors.ts';
import type { KnownText } from '../i18n/texts.ts';

/** Algorithm.Argon2id (a const enum, which erasable TypeScript cannot import as a value). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id at the OWASP Password Storage Cheat Sheet's first recommended setting:
 * 19 MiB of memory, 2 iterations, 1 degree of parallelism.
 */
const OWASP_ARGON2ID = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * A bound on expensive work: at most `concurrency` tasks run at once, at most `queue` wait; past
 * that a task is refused at once with 503 and `Retry-After`, so a flood of sign-ins or sign-ups
 * cannot pile up unbounded argon2 work (each hash holds 19 MiB and a thread-pool thread).
 */
export class WorkLimiter {
  #concurrency: number;
  #queue: number;
  readonly busyMessage: KnownText;
  #running = 0;
  #waiting: (() => void)[] = [];
  /** Highest number of tasks seen running at once (tests read it). */
  peak = 0;
  refused = 0;

  constructor(options: { concurrency: number; queue: number; busyMessage?: KnownText }) {
    this.#concurrency = options.concurrency;
    this.#queue = options.queue;
    this.busyMessage = options.busyMessage ?? apiMessages.passwordChecksBusy;
  }

  /**
   * New bounds, with `peak` and `refused` counted afresh; answers the old bounds. Tests pin small
   * bounds with it, so what they expect does not depend on the machine's core count.
   */
  setBounds(bounds: { concurrency: number; queue: number }): { concurrency: number; queue: number } {
    const old = { concurrency: this.#concurrency, queue: this.#queue };
    this.#concurrency = bounds.concurrency;
    this.#queue = bounds.queue;
    this.peak = 0;
    this.refused = 0;
    return old;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) {
      if (this.#waiting.length >= this.#queue) {
        this.refused++;
        throw new AppError(503, this.busyMessage, undefined, { 'retry-after': '1' });
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    this.peak = Math.max(this.peak, this.#running);
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter; only when none waits does it free up.
      if (next) next();
      else this.#running--;
    }
  }
}

/** One slot per core (argon2 runs on libuv's thread pool, which has four threads by default). */
export const cores = Math.max(1, os.availableParallelism());
export const passwordWork = new WorkLimiter({ concurrency: cores, queue: 8 * cores });

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, OWASP_ARGON2ID));
}

/** Verifies against a stored hash; with no hash (unknown email) it still spends the same time. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  return passwordWork.run(async () => {
    if (!storedHash) {
      await verify(await dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}

const dummyHash = hash('timing-equaliser-for-unknown-accounts', OWASP_ARGON2ID);
