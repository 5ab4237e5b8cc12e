/*
 * The interface's texts in both languages, held by Lingui (`@lingui/core`; docs/architecture.md,
 * "Languages"). Each texts file of common/ is a namespace: its English objects (the product's
 * words, common/messages.ts and common/*Texts.ts) and its Korean mirror (common/i18n/ko/<file>.ts) are
 * loaded into Lingui's catalog of their language (`i18n.load`) under the namespace's name, only for the
 * language in use and only when a page that needs them renders (or when the language changes). The
 * language shown is Lingui's active locale (`i18n.activate`). A page reads them with
 * `useTexts('<namespace>')`, which re-renders it when Lingui reports a change (`i18n.on('change')`).
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { use, useEffect, useState, useSyncExternalStore } from 'react';
import type * as account from '../../../common/accountTexts.ts';
import type * as admin from '../../../common/adminTexts.ts';
import type * as authoring from '../../../common/authoringTexts.ts';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  type Translation,
} from '../../../common/i18n/translation.ts';
import type * as insight from '../../../common/insightTexts.ts';
import type * as marking from '../../../common/markingTexts.ts';
import type * as math from '../../../common/mathTexts.ts';
import {
  appLoadTexts,
  authTexts,
  failureTexts,
  fieldTexts,
  headerTexts,
  layoutTexts,
  oauthTexts,
} from '../../../common/messages.ts';
import type * as portfolio from '../../../common/portfolioTexts.ts';
import type * as review from '../../../common/reviewTexts.ts';
import type * as submissions from '../../../common/submissionTexts.ts';
import type * as tutoring from '../../../common/tutoringTexts.ts';
import type * as week from '../../../common/weekTexts.ts';

/** The parts of common/messages.ts the pages show (the server-only answers stay out of the bundle). */
const englishMessages = {
  authTexts,
  oauthTexts,
  headerTexts,
  failureTexts,
  appLoadTexts,
  layoutTexts,
  fieldTexts,
};

/**
 * What `useTexts(namespace)` gives, in either language. A texts file's namespace is its file name;
 * add one as `messages` is: its type here and its two loaders in `loaders`.
 */
export type Namespaces = {
  messages: Translation<typeof englishMessages>;
  /** The password recovery pages (common/accountTexts.ts). */
  account: Translation<typeof account>;
  /** The admin console (common/adminTexts.ts). */
  admin: Translation<typeof admin>;
  /** The dashboard, profile card and statistics (common/insightTexts.ts). */
  insight: Translation<typeof insight>;
  /** The marking inbox's suggested marks (common/markingTexts.ts). */
  marking: Translation<typeof marking>;
  /** The timed addition drill (common/mathTexts.ts). */
  math: Translation<typeof math>;
  /** The owner's public pages (common/portfolioTexts.ts). */
  portfolio: Translation<typeof portfolio>;
  /** A child's week (common/weekTexts.ts). */
  week: Translation<typeof week>;
  /** Spaced review: the Review page, the stats card, the tutor's schedule (common/reviewTexts.ts). */
  review: Translation<typeof review>;
  /** The teacher's question tools: upload, modify, archive, teacher page (common/authoringTexts.ts). */
  authoring: Translation<typeof authoring>;
  /** The student's pages: tutoring, submissions, review, and the question card (common/tutoringTexts.ts). */
  tutoring: Translation<typeof tutoring>;
  /** What answers came to: submissions, redos, a check result (common/submissionTexts.ts). */
  submissions: Translation<typeof submissions>;
};
export type Namespace = keyof Namespaces;

/**
 * Each namespace's texts per language. Every loader but English `messages` (which the sign-in page,
 * the header and the failure screens need at once) is a dynamic import: its own small chunk, loaded
 * only in the language shown.
 */
const loaders: { [N in Namespace]: Record<Language, () => Promise<Namespaces[N]>> } = {
  messages: {
    en: async () => englishMessages,
    // The same parts of the Korean file (its server-only answers are not kept).
    ko: () =>
      import('../../../common/i18n/ko/messages.ts').then(
        (ko) =>
          Object.fromEntries(
            Object.keys(englishMessages).map((part) => [part, ko[part as keyof typeof englishMessages]]),
          ) as Namespaces['messages'],
      ),
  },
  // The pages' own texts: each language's file is a chunk of its own, fetched beside the page's chunk
  // (lazyPage's `texts`), never in the entry.
  account: {
    en: () => import('../../../common/accountTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/accountTexts.ts').then((m) => ({ ...m })),
  },
  admin: {
    en: () => import('../../../common/adminTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/adminTexts.ts').then((m) => ({ ...m })),
  },
  insight: {
    en: () => import('../../../common/insightTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/insightTexts.ts').then((m) => ({ ...m })),
  },
  marking: {
    en: () => import('../../../common/markingTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/markingTexts.ts').then((m) => ({ ...m })),
  },
  math: {
    en: () => import('../../../common/mathTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/mathTexts.ts').then((m) => ({ ...m })),
  },
  portfolio: {
    en: () => import('../../../common/portfolioTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/portfolioTexts.ts').then((m) => ({ ...m })),
  },
  week: {
    en: () => import('../../../common/weekTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/weekTexts.ts').then((m) => ({ ...m })),
  },
  review: {
    en: () => import('../../../common/reviewTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/reviewTexts.ts').then((m) => ({ ...m })),
  },
  authoring: {
    en: () => import('../../../common/authoringTexts.ts').then((m) => ({ ...m })),
    ko: () => import('../../../common/i18n/ko/authoringTexts.ts').then((m) => ({ ...m })),
  },
  tutoring: {
    en: () => import('../../../common/tutoringTexts.ts'),
    ko: () => import('../../../common/i18n/ko/tutoringTexts.ts'),
  },
  submissions: {
    en: () => import('../../../common/submissionTexts.ts'),
    ko: () => import('../../../common/i18n/ko/submissionTexts.ts'),
  },
};

export const NAMESPACES = Object.keys(loaders) as Namespace[];

/**
 * The app's one Lingui instance: its active locale is the language shown, its catalogs hold each
 * language's loaded namespaces (a message id is a namespace, its value that namespace's texts object).
 */
export const i18n: I18n = setupI18n();
/** Which namespaces each language's catalog holds (Lingui shows only the active locale's catalog). */
const loaded = new Set<string>();
put(DEFAULT_LANGUAGE, 'messages', englishMessages);
i18n.activate(DEFAULT_LANGUAGE);

function put<N extends Namespace>(language: Language, namespace: N, texts: Namespaces[N]): void {
  // Lingui's catalogs hold compiled messages by id; here the id is the namespace and its value the
  // namespace's texts (strings and functions, typed by `Namespaces`), read back by `shownTexts`.
  i18n.load(language, { [namespace]: texts } as unknown as Messages);
  loaded.add(`${language}:${namespace}`);
}

function isLoaded(language: Language, namespace: Namespace): boolean {
  return loaded.has(`${language}:${namespace}`);
}

/** The language shown now: Lingui's active locale. */
export function currentLanguage(): Language {
  return i18n.locale === 'ko' ? 'ko' : 'en';
}

/**
 * Shows `language` from now on (Lingui's `activate`, whose change event re-renders every component
 * reading texts or the language). Its namespaces in use must have been loaded first (`showLanguage`
 * in language.ts does).
 */
export function activateLanguage(language: Language): void {
  if (language !== i18n.locale) i18n.activate(language);
}

function subscribe(listener: () => void): () => void {
  // Lingui also reports each catalog loaded; the snapshot (the locale) tells React whether to redraw.
  return i18n.on('change', listener);
}

/** A namespace's texts in the language shown (Lingui's active catalog), if loaded. */
function shownTexts<N extends Namespace>(namespace: N): Namespaces[N] | undefined {
  return (i18n.messages as unknown as Partial<Namespaces>)[namespace];
}

const loading = new Map<string, Promise<void>>();

/** Loads a namespace in a language (once; a failed load is tried again next time). */
export function loadTexts(namespace: Namespace, language: Language): Promise<void> {
  const key = `${language}:${namespace}`;
  if (isLoaded(language, namespace)) return Promise.resolve();
  let promise = loading.get(key);
  if (!promise) {
    promise = loaders[namespace][language]().then(
      (texts) => put(language, namespace, texts),
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/**
 * Starts loading namespaces in the language about to be shown (`<html lang>` in the browser: the
 * server's choice, and the header's switch once used), beside a page's chunk so that the page does not
 * wait for its texts after its code. A failure is left to `useTexts`, which asks again. Settles (never
 * fails) once all are loaded or failed.
 */
export function preloadTexts(namespaces: readonly Namespace[]): Promise<void> {
  const shown = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  const language = isLanguage(shown) ? shown : currentLanguage();
  return Promise.all(namespaces.map((namespace) => loadTexts(namespace, language).catch(() => {}))).then(
    () => {},
  );
}

/** The namespaces loaded in a language (a change of language loads the same in the other first). */
export function loadedNamespaces(language: Language): Namespace[] {
  return NAMESPACES.filter((namespace) => isLoaded(language, namespace));
}

/**
 * A namespace's texts in the language shown, for a component: it re-renders when the language
 * changes and suspends while the namespace loads the first time.
 */
export function useTexts<N extends Namespace>(namespace: N): Namespaces[N] {
  const language = useLanguage();
  const texts = shownTexts(namespace);
  if (texts) return texts;
  use(loadTexts(namespace, language));
  return shownTexts(namespace) as Namespaces[N];
}

/**
 * A namespace's texts in the language shown once loaded, without suspending: undefined until then
 * (loading starts when `wanted`; the component renders again when they are there). For words a page
 * shows only after something happens, kept out of its first load.
 */
export function useTextsLater<N extends Namespace>(namespace: N, wanted: boolean): Namespaces[N] | undefined {
  const language = useLanguage();
  const texts = shownTexts(namespace);
  const [, redraw] = useState(0);
  useEffect(() => {
    if (!texts && wanted)
      loadTexts(namespace, language).then(
        () => redraw((n) => n + 1),
        () => {},
      );
  }, [texts, wanted, namespace, language]);
  return texts;
}

/**
 * A namespace's texts in the language shown, for an event handler (loaded first if need be): words
 * shown only after an action (submitting) stay out of a page's first load.
 */
export async function textsOf<N extends Namespace>(namespace: N): Promise<Namespaces[N]> {
  // Should the language change while they load, they are loaded in the new one too.
  for (;;) {
    await loadTexts(namespace, currentLanguage());
    const texts = shownTexts(namespace);
    if (texts) return texts;
  }
}

/**
 * The texts of `messages` in the language shown, outside a component (an error's message built in a
 * loader, a failure's wording): English until the other language's have loaded.
 */
export function textsNow(): Namespaces['messages'] {
  return shownTexts('messages') ?? englishMessages;
}

/** The language shown, for a component (re-rendered when it changes). */
export function useLanguage(): Language {
  // The same on the server and in the browser's first render: a prerendered page is taken over in the
  // language it was rendered in (start.tsx).
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
