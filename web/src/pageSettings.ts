import { createContext, useContext } from 'react';
import type { OAuthProvider } from '../../common/oauth.ts';

/**
 * The server's settings a page needs in its first render. In the browser they come from index.html
 * (the server writes them there); when the server renders a page to HTML (prerender.tsx) there is no
 * document, so it hands them over through this context, and both renders agree.
 */
export type PageSettings = { signInProviders: readonly OAuthProvider[] };
export const PageSettingsContext = createContext<PageSettings | null>(null);
export const usePageSettings = (): PageSettings | null => useContext(PageSettingsContext);
