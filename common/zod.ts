import { z } from 'zod';

/**
 * zod for the whole app, with its JIT off. zod otherwise compiles object parsers with
 * `new Function`, after first probing whether it may; under the pages' strict CSP (`script-src
 * 'self'`, no `'unsafe-eval'`) that probe is refused and reported as a violation on every page.
 * Interpreted parsers accept and refuse exactly the same input. zod reads the setting when a schema
 * is built, so it is set here, before any schema exists: every module takes `z` from this one
 * (biome's `noRestrictedImports` refuses `'zod'` anywhere else).
 */
z.config({ jitless: true });

export { z };
