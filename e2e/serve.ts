// Starts the server for the browser tests on a fresh embedded database filled with the demo data,
// on the e2e clock (e2e/clock.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveDrizzleQuickly } from '../server/quickResolve.ts';
import { e2eNow } from './clock.ts';

const dataDir = path.join(os.tmpdir(), `tutorfolio-e2e-${process.env.PORT ?? 'default'}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.DEMO = '1';
resolveDrizzleQuickly();
const { runServer } = await import('../server/run.ts');
await runServer({ now: e2eNow });
