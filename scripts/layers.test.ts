// The import rules of .dependency-cruiser.cjs (`npm run lint:layers`) checked on a small made-up tree:
// each rule must refuse the import it is there for, and leave the imports the layers allow alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'tutorfolio-layers-'));
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

/** Each file of the made-up tree; the comments say which import a rule must refuse. */
const FILES: Record<string, string> = {
  'server/db/open.ts': 'export const db = 1;',
  'server/users/queries.ts': 'export const findUser = 1;',
  'server/users/service.ts': "import { findUser } from './queries.ts';\nexport const user = findUser;",
  'server/users/routes.ts': "import { user } from './service.ts';\nexport const routes = user;",
  'server/users/users.test.ts': "import '../wall/queries.ts';\nimport './queries.ts';",
  'server/wall/queries.ts': "import type { User } from '../shared/lookup.ts';\nexport const posts: User = 1;",
  'server/wall/service.ts':
    "import { user } from '../users/service.ts';\nimport { posts } from './queries.ts';\nexport const wall = user + posts;",
  // A route reading another domain's statements.
  'server/wall/routes.ts': "import { findUser } from '../users/queries.ts';\nexport const routes = findUser;",
  // A service reading another domain's statements (type-only).
  'server/marking/service.ts':
    "import type { findUser } from '../users/queries.ts';\nexport type Found = typeof findUser;",
  // A route reading a shared module.
  'server/marking/routes.ts':
    "import { findUser } from '../shared/lookup.ts';\nexport const routes = findUser;",
  'server/shared/lookup.ts': "export { findUser } from '../users/queries.ts';\nexport type User = number;",
  // A shared module using a service.
  'server/shared/bad.ts': "import { user } from '../users/service.ts';\nexport const bad = user;",
  // The HTTP layer importing a domain.
  'server/http/access.ts':
    "import '../db/open.ts';\nimport '../shared/lookup.ts';\nimport { user } from '../users/service.ts';\nexport const access = user;",
  // A top-level module reading statements.
  'server/app.ts':
    "import './users/routes.ts';\nimport './http/access.ts';\nimport { posts } from './wall/queries.ts';\nexport const app = posts;",
  // The server importing the web app.
  'server/html.ts': "import '../web/src/page.tsx';",
  // Two services importing each other, by types only.
  'server/review/service.ts': "import type { A } from '../quiz/service.ts';\nexport type B = A;",
  'server/quiz/service.ts':
    "import type { B } from '../review/service.ts';\nexport type A = 1;\nexport type C = B;",
  // common/ importing the server (type-only).
  'common/texts.ts': "import type { user } from '../server/users/service.ts';\nexport type T = typeof user;",
  'common/ok.ts': "import type { T } from './texts.ts';\nexport const ok: T | null = null;",
  // The web app importing the server.
  'web/src/page.tsx':
    "import { user } from '../../server/users/service.ts';\nexport const Page = () => <p>{user}</p>;",
  // A page lazily loaded by the route table that imports the table back.
  'web/src/routes.tsx': "export const routes = [() => import('./pages/Home.tsx')];",
  'web/src/pages/Home.tsx':
    "import { routes } from '../routes.tsx';\nexport const Home = () => <p>{routes.length}</p>;",
};

type Violation = { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] };

const EXPECTED = [
  'common-imports-only-common: common/texts.ts → server/users/service.ts',
  'http-imports-no-domain: server/http/access.ts → server/users/service.ts',
  'no-cycle: server/quiz/service.ts ↔ server/review/service.ts',
  'no-cycle: web/src/pages/Home.tsx ↔ web/src/routes.tsx',
  'queries-of-own-domain: server/app.ts → server/wall/queries.ts',
  'queries-of-own-domain: server/marking/service.ts → server/users/queries.ts',
  'queries-of-own-domain: server/wall/routes.ts → server/users/queries.ts',
  'route-calls-services: server/marking/routes.ts → server/shared/lookup.ts',
  'route-calls-services: server/wall/routes.ts → server/users/queries.ts',
  'server-not-web: server/html.ts → web/src/page.tsx',
  'shared-below-services: server/shared/bad.ts → server/users/service.ts',
  'web-not-server: web/src/page.tsx → server/users/service.ts',
];

describe('the import rules (.dependency-cruiser.cjs)', () => {
  it('refuse each forbidden import, type-only and lazy ones included, and nothing else', async () => {
    for (const [file, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      fs.writeFileSync(path.join(tree, file), `${text}\n`);
    }
    const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
    const babelConfig = await extractBabelConfig(path.join(root, 'scripts/depcruise-babel.cjs'));
    const result: IReporterOutput = await cruise(
      ['server/**/*.ts', 'common/**/*.ts', 'web/**/*.{ts,tsx}'],
      { ...options, baseDir: tree, outputType: 'json' },
      {},
      { babelConfig },
    );
    const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
    const violations: Violation[] = output.summary.violations;
    // A cycle is reported once, from whichever of its modules the cruise met first.
    const found = violations
      .map(({ rule, from, to, cycle }) =>
        cycle
          ? `${rule.name}: ${[...new Set([from, ...cycle.map((step) => step.name)])].sort().join(' ↔ ')}`
          : `${rule.name}: ${from} → ${to}`,
      )
      .sort();
    expect(found).toEqual(EXPECTED);
  }, 120_000);
});
