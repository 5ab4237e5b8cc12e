// Starts the server for the browser tests on a fresh embedded database filled with the demo data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = path.join(os.tmpdir(), `tutorfolio-e2e-${process.env.PORT ?? 'default'}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.DEMO = '1';
await import('../server/main.ts');
