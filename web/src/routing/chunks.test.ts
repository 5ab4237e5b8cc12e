import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLoadTexts } from '../../../common/messages.ts';
import {
  addressInLoader,
  addressInMessage,
  ChunkLoadError,
  isFetchFailure,
  loadChunk,
  reloadFor,
  shouldReloadFor,
} from './chunks.ts';

const address = 'http://localhost:3000/assets/TutoringPage-BkfMJ3hm.js';
const fetchFailure = () => new TypeError(`Failed to fetch dynamically imported module: ${address}`);

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the chunk failure message', () => {
  it('names the chunk, then the failure type and the address', () => {
    const error = new ChunkLoadError('tutoring', 'missing', address);
    expect(error.message).toBe(`Loading chunk tutoring failed.\n(missing: ${address})`);
    expect(error.message).toBe(appLoadTexts.chunkFailed('tutoring', 'missing', address));
  });

  it('reads the address browsers and Vite put in their failure messages', () => {
    expect(addressInMessage(fetchFailure())).toBe(address);
    expect(addressInMessage(new TypeError(`error loading dynamically imported module: ${address}`))).toBe(
      address,
    );
    expect(addressInMessage(new Error('Unable to preload CSS for /assets/Pager-DrvSsd64.css'))).toBe(
      `${window.location.origin}/assets/Pager-DrvSsd64.css`,
    );
    expect(addressInMessage(new TypeError('Importing a module script failed.'))).toBeNull();
  });

  it('reads the address from a built loader, for the time-out where no message names it', () => {
    const built = Object.assign(() => null, {
      toString: () =>
        '()=>w(()=>import(`./TutoringPage-BkfMJ3hm.js`),__vite__mapDeps([0,1])).then(e=>e.TutoringPage)',
    });
    expect(addressInLoader(built, 'http://localhost:3000/assets/index-x.js')).toBe(address);
    expect(addressInLoader(() => null, 'http://localhost:3000/assets/index-x.js')).toBeNull();
  });

  it('tells a download failure from a module that broke while running', () => {
    expect(isFetchFailure(fetchFailure())).toBe(true);
    expect(isFetchFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isFetchFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});

describe('loadChunk', () => {
  it('hands over what the import gave', async () => {
    await expect(loadChunk('user', async () => 'page')).resolves.toBe('page');
  });

  it('gives up after 120 000 ms with a timeout failure, not a moment before', async () => {
    vi.useFakeTimers();
    const outcome = vi.fn();
    loadChunk('tutoring', () => new Promise(() => {}), { fallbackAddress: address }).catch(outcome);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledOnce();
    const error = outcome.mock.calls[0]?.[0] as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.failureType).toBe('timeout');
    expect(error.message).toBe(`Loading chunk tutoring failed.\n(timeout: ${address})`);
  });

  it('reports a chunk the server no longer has as missing', async () => {
    const probe = vi.fn(async () => 'missing' as const);
    const attempt = loadChunk('tutoring', () => Promise.reject(fetchFailure()), { probe });
    await expect(attempt).rejects.toMatchObject({ failureType: 'missing', address, chunkId: 'tutoring' });
    expect(probe).toHaveBeenCalledWith(address);
  });

  it('reports a network failure as an error', async () => {
    const attempt = loadChunk('tutoring', () => Promise.reject(fetchFailure()), {
      probe: async () => 'error',
    });
    await expect(attempt).rejects.toMatchObject({
      failureType: 'error',
      message: `Loading chunk tutoring failed.\n(error: ${address})`,
    });
  });

  it('passes on an error thrown by the module itself unchanged', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    await expect(loadChunk('tutoring', () => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe('a tab left open across a deploy', () => {
  it('reloads once for a missing chunk, then shows the failure if the chunk is still missing', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const missing = new ChunkLoadError('tutoring', 'missing', address);
    expect(shouldReloadFor(missing, { storage })).toBe(true);
    reloadFor(missing, { storage, reload });
    expect(reload).toHaveBeenCalledOnce();
    // After the reload the same file is missing again: show it instead of reloading forever.
    expect(shouldReloadFor(missing, { storage })).toBe(false);
    // A later deploy's missing file gets its own reload.
    expect(shouldReloadFor(new ChunkLoadError('user', 'missing', `${address}x`), { storage })).toBe(true);
  });

  it('does not reload for a network failure or a time-out', () => {
    const storage = memoryStorage();
    expect(shouldReloadFor(new ChunkLoadError('tutoring', 'error', address), { storage })).toBe(false);
    expect(shouldReloadFor(new ChunkLoadError('tutoring', 'timeout', address), { storage })).toBe(false);
  });
});
