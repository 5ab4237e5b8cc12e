import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadTexts, NAMESPACES } from '../src/i18n/texts.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom has no modal dialogs: the kit's Dialog needs only these two.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

// The English texts of every namespace, loaded before the tests as the app's routes fetch a page's
// texts beside its chunk (lazyPage's `texts`): a page renders with its words at once.
await Promise.all(NAMESPACES.map((namespace) => loadTexts(namespace, 'en')));
