import { type ComponentType, use } from 'react';
import { type Namespace, preloadTexts } from '../i18n/texts.ts';
import { addressInLoader, loadChunk } from './chunks.ts';

/**
 * One page area loaded on demand: `Page` renders it (suspending until its chunk has arrived),
 * `preload` starts the download early (on the first visit and when a link to it is hovered or
 * focused). A failed load stays failed, shown by the route's error boundary, until Retry calls
 * `retryFailedChunks`; a failed preload that no page waited for is simply forgotten.
 */
export type LazyPage = {
  readonly chunkId: string;
  readonly Page: ComponentType;
  /** Starts loading the chunk and its texts; settles (never fails) once both are there or failed. */
  preload(): Promise<void>;
};

const failed = new Set<() => void>();

/** Forgets every failed load, so the next render asks the server again (the Retry button). */
export function retryFailedChunks(): void {
  for (const forget of failed) forget();
  failed.clear();
}

/**
 * `load` must be written as `() => import('./x.tsx').then((m) => m.X)`: the bundler turns each such
 * import into its own chunk, and the built loader's text names the chunk's address (chunks.ts).
 * `texts`: the namespaces of common/'s texts the page reads (useTexts), fetched beside its chunk.
 */
export function lazyPage(
  chunkId: string,
  load: () => Promise<ComponentType>,
  texts: readonly Namespace[] = [],
): LazyPage {
  let loading: Promise<ComponentType> | null = null;
  let loaded: ComponentType | null = null;
  let awaited = false;
  let textsLoading: Promise<void> = Promise.resolve();

  const start = (byPage: boolean): Promise<ComponentType> => {
    if (!loading) {
      textsLoading = preloadTexts(texts);
      loading = attempt();
    }
    if (byPage) awaited = true;
    return loading;
  };

  const attempt = (): Promise<ComponentType> => {
    awaited = false;
    const promise = loadChunk(chunkId, load, {
      fallbackAddress: addressInLoader(load, import.meta.url) ?? chunkId,
    }).then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        const forget = () => {
          if (loading === promise) loading = null;
        };
        if (awaited) failed.add(forget);
        else forget();
        throw error;
      },
    );
    return promise;
  };

  function Page() {
    if (loaded) {
      const Loaded = loaded;
      return <Loaded />;
    }
    const Component = use(start(true));
    return <Component />;
  }
  Page.displayName = `LazyPage(${chunkId})`;

  return {
    chunkId,
    Page,
    preload() {
      const chunk = loaded ? Promise.resolve() : start(false).catch(() => {});
      return Promise.all([chunk, textsLoading]).then(() => {});
    },
  };
}
