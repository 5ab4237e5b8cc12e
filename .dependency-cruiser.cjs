// The import rules between the tree's parts and between the server's layers, checked by
// dependency-cruiser in `npm run lint` (docs/architecture.md, "Folders and layers"). Every import
// counts, type-only ones included: scripts/depcruise-babel.cjs reads each file's imports.

/** Tests may reach into any layer to set a case up. */
const TESTS = ['\\.test(-d)?\\.ts$', '^server/test/'];
/** A domain's statements: `queries.ts`, or a file named for them (`…Queries.ts`). */
const QUERIES = '^server/[^/]+/(queries|[^/]*Queries)\\.ts$';
/**
 * server/ folders that are no domain: the database, the HTTP layer, the texts, the session store
 * under the HTTP layer, and server/shared/ — what several domains share, in a module named for it.
 */
const NOT_DOMAINS = '^server/(db|http|i18n|sessions|shared|test)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'Modules that import each other (type-only imports and lazy import() included) cannot be ' +
        'understood or loaded one at a time. Move what both need to a module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-imports-only-common',
      severity: 'error',
      comment: 'common/ is what the server and the web app share: it imports nothing else of ours.',
      from: { path: '^common/' },
      to: { dependencyTypes: ['local'], pathNot: '^common/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server never imports the web app; what both need belongs in common/.',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app never imports the server; what both need belongs in common/.',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'route-calls-services',
      severity: 'error',
      comment:
        'A route parses, calls a service and maps the answer: it reads no statements. Add a service ' +
        "function (or export the value from the service) in the route's own domain.",
      from: { path: '^server/[^/]+/routes\\.ts$' },
      to: { path: [QUERIES, '^server/shared/'] },
    },
    {
      name: 'queries-of-own-domain',
      severity: 'error',
      comment:
        "A domain's queries are its own. Call the other domain's service, or — for a fragment of " +
        "another domain's statement — import it from the server/shared/ module named for it.",
      from: { path: '^server/([^/]+)/', pathNot: [...TESTS, '^server/shared/'] },
      to: { path: QUERIES, pathNot: '^server/$1/' },
    },
    {
      name: 'queries-of-own-domain',
      severity: 'error',
      comment: "The server's top-level modules read statements only through services.",
      from: { path: '^server/[^/]+\\.ts$', pathNot: TESTS },
      to: { path: QUERIES },
    },
    {
      name: 'shared-below-services',
      severity: 'error',
      comment:
        'server/shared/ sits under the services: it may use the database and re-export statements ' +
        "from domains' queries, never a service, a route or the HTTP layer.",
      from: { path: '^server/shared/' },
      to: { path: '^server/', pathNot: ['^server/(db|shared)/', QUERIES, '^server/errors\\.ts$'] },
    },
    {
      name: 'http-imports-no-domain',
      severity: 'error',
      comment:
        'server/http/ is under every domain (access, sessions, errors, routes): it imports none. ' +
        'What it needs of a domain belongs in server/shared/.',
      from: { path: '^server/http/', pathNot: TESTS },
      to: { path: '^server/[^/]+/', pathNot: NOT_DOMAINS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    // TypeScript 7.0 has no compiler API for dependency-cruiser yet; Babel reads the files.
    babelConfig: { fileName: 'scripts/depcruise-babel.cjs' },
  },
};
