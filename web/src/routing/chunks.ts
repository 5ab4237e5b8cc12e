import { limits } from '../../../common/limits.ts';
import { textsNow } from '../i18n/texts.ts';

/**
 * Loading one part of the web app (a route's script chunk), with three kinds of failure:
 * 'missing' (the server answered 404: a deploy replaced the hashed files this tab knows),
 * 'error' (the network dropped, or the server failed) and 'timeout' (nothing after 120 000 ms).
 * A page that needs a missing chunk reloads the tab once to pick up the new deploy.
 */
export type ChunkFailureType = 'missing' | 'error' | 'timeout';

export class ChunkLoadError extends Error {
  readonly chunkId: string;
  readonly failureType: ChunkFailureType;
  readonly address: string;
  constructor(chunkId: string, failureType: ChunkFailureType, address: string, options?: ErrorOptions) {
    super(textsNow().appLoadTexts.chunkFailed(chunkId, failureType, address), options);
    this.name = 'ChunkLoadError';
    this.chunkId = chunkId;
    this.failureType = failureType;
    this.address = address;
  }
}

// How browsers and Vite's preload helper word a module that could not be fetched (Chromium,
// Firefox, Safari, Vite's CSS preload). A module that arrived but threw while running is a bug in
// the page, not a loading failure, and is left to the error screen.
const FETCH_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i;

export function isFetchFailure(error: unknown): boolean {
  return error instanceof Error && FETCH_FAILURE.test(error.message);
}

/** The address a failure message names (browsers put the module's URL in it), made absolute. */
export function addressInMessage(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = message.match(/(?:https?:\/\/|\/)[^\s'"`]+\.(?:m?js|css)(?:\?[^\s'"`]*)?/);
  return match ? new URL(match[0], window.location.href).href : null;
}

/**
 * The chunk a loader imports, read from its own source: after the build the loader reads
 * `()=>import("./TutoringPage-3xk1.js")` (inside Vite's preload wrapper), resolved against the
 * module that holds it. Used for the time-out, where no failure message names the address.
 */
export function addressInLoader(load: () => unknown, base: string): string | null {
  const match = String(load).match(/import\(\s*["'`]([^"'`]+)["'`]\s*\)/);
  return match?.[1] ? new URL(match[1], base).href : null;
}

/** 404 or 410 for the file itself means it is gone; anything else is a network or server error. */
export async function probeFailure(address: string): Promise<Exclude<ChunkFailureType, 'timeout'>> {
  try {
    const response = await fetch(address, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 || response.status === 410 ? 'missing' : 'error';
  } catch {
    return 'error';
  }
}

export type ChunkLoadOptions = {
  timeoutMs?: number;
  /** Where the address comes from when no failure message names it (the time-out). */
  fallbackAddress?: string;
  probe?: (address: string) => Promise<Exclude<ChunkFailureType, 'timeout'>>;
};

/**
 * Runs `load` (a dynamic import) with a 120 000 ms time-out. A failure to download becomes a
 * ChunkLoadError naming the chunk, the failure type and the address; an error thrown by the module
 * itself is passed on as it is.
 */
export function loadChunk<T>(chunkId: string, load: () => Promise<T>, options: ChunkLoadOptions = {}) {
  const { timeoutMs = limits.chunkLoadTimeoutMs, fallbackAddress = chunkId, probe = probeFailure } = options;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(chunkId, 'timeout', fallbackAddress)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      async (error: unknown) => {
        clearTimeout(timer);
        if (!isFetchFailure(error)) return reject(error);
        const address = addressInMessage(error) ?? fallbackAddress;
        reject(new ChunkLoadError(chunkId, await probe(address), address, { cause: error }));
      },
    );
  });
}

const RELOADED_FOR = 'tutorfolio:reloaded-for-chunk';
type ReloadOptions = { storage?: Pick<Storage, 'getItem' | 'setItem'>; reload?: () => void };

/**
 * A missing chunk means this tab still runs the previous deploy: reloading picks up the new one.
 * Once per address (kept in session storage), so a broken deploy shows the failure instead of
 * reloading forever. Only a page that needs the chunk does this, never a prefetch on hover.
 */
export function shouldReloadFor(
  error: ChunkLoadError,
  { storage = window.sessionStorage }: ReloadOptions = {},
) {
  return error.failureType === 'missing' && storage.getItem(RELOADED_FOR) !== error.address;
}

export function reloadFor(
  error: ChunkLoadError,
  { storage = window.sessionStorage, reload = () => window.location.reload() }: ReloadOptions = {},
): void {
  storage.setItem(RELOADED_FOR, error.address);
  reload();
}
