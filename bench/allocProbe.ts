// Loaded into a server by `bench:api --alloc` (`node --import <this file> … server/main.ts`, with an
// IPC channel): counts the bytes of JavaScript objects the process allocates between the bench's
// `start` and `stop` messages, and the collections in between. With `sites`, V8's sampling heap
// profiler (objects later collected included) attributes them to the code that allocated them.
// Node's built-in modules only: the server measured may be an older checkout.

import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import v8 from 'node:v8';

export type ProbeRequest =
  | {
      probe: 'start';
      sites: boolean;
      interval: number;
      /** Where to write the sampled profile (`.heapprofile`, for Chrome DevTools' Memory tab). */
      profileFile?: string;
    }
  | { probe: 'stop' };

/** What the probe answers to `stop`. */
export type ProbeReport = {
  probe: 'report';
  /** Bytes allocated on V8's heap in the window: what the heap grew by plus what each collection freed. */
  bytes: number;
  scavenges: number;
  markCompacts: number;
  /**
   * With `sites`: sampled bytes by allocating frame, by the nearest frame of our code or a package,
   * and by the package (or our file) of that frame.
   */
  sites: { self: Site[]; caller: Site[]; component: Site[]; sampledBytes: number } | null;
};
export type Site = { where: string; bytes: number };

type ProfileNode = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
};

let profiler: InstanceType<typeof v8.GCProfiler> | null = null;
let usedAtStart = 0;
let session: inspector.Session | null = null;
let profileFile: string | undefined;

const used = () => v8.getHeapStatistics().used_heap_size;

/** `server/http/route.ts:142 sendJsonText`, `node_modules/pg/lib/result.js:60 parseRow`, `node:_http_server …`. */
function frameName(frame: ProfileNode['callFrame']): string {
  const url = frame.url.replace(/^file:\/\//, '');
  const at = url.lastIndexOf('/node_modules/');
  const file =
    at >= 0
      ? url.slice(at + 1)
      : url.startsWith('node:') || url === ''
        ? url || '(native)'
        : url.replace(/^.*?\/(server|common|bench)\//, '$1/');
  return `${file}:${frame.lineNumber + 1} ${frame.functionName || '(anonymous)'}`;
}

/** `fastify`, `@fastify/compress`, `server/http/route.ts`, `node:_http_server`. */
function componentOf(frame: ProfileNode['callFrame']): string {
  const name = frameName(frame);
  const file = name.slice(0, name.indexOf(':'));
  if (!file.startsWith('node_modules/')) return file;
  const parts = file.split('/');
  return parts[1]!.startsWith('@') ? `${parts[1]}/${parts[2]}` : parts[1]!;
}

/** A frame that is ours or a package's (not Node's own modules, not native code). */
const isCode = (frame: ProfileNode['callFrame']) => frame.url !== '' && !frame.url.startsWith('node:');

function summarise(head: ProfileNode): NonNullable<ProbeReport['sites']> {
  const self = new Map<string, number>();
  const caller = new Map<string, number>();
  const component = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, bytes: number) =>
    map.set(key, (map.get(key) ?? 0) + bytes);
  let sampledBytes = 0;
  const walk = (node: ProfileNode, nearest: ProfileNode['callFrame'] | null) => {
    const here = isCode(node.callFrame) ? node.callFrame : nearest;
    if (node.selfSize > 0) {
      sampledBytes += node.selfSize;
      add(self, frameName(node.callFrame), node.selfSize);
      add(caller, here ? frameName(here) : '(no JavaScript frame)', node.selfSize);
      add(component, here ? componentOf(here) : '(no JavaScript frame)', node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(head, null);
  const sorted = (map: Map<string, number>) =>
    [...map].map(([where, bytes]) => ({ where, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { self: sorted(self), caller: sorted(caller), component: sorted(component), sampledBytes };
}

async function start(request: Extract<ProbeRequest, { probe: 'start' }>): Promise<void> {
  profileFile = request.profileFile;
  if (request.sites) {
    session = new inspector.Session();
    session.connect();
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: request.interval,
      // Nearly everything a request allocates is collected by the next scavenge: keep those samples.
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  profiler = new v8.GCProfiler();
  profiler.start();
  usedAtStart = used();
}

async function stop(): Promise<ProbeReport> {
  const usedAtEnd = used();
  const collections = profiler?.stop()?.statistics ?? [];
  profiler = null;
  let freed = 0;
  for (const gc of collections)
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  let sites: ProbeReport['sites'] = null;
  if (session) {
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as {
      profile: { head: ProfileNode };
    };
    await session.post('HeapProfiler.disable');
    session.disconnect();
    session = null;
    if (profileFile) fs.writeFileSync(profileFile, JSON.stringify(profile));
    sites = summarise(profile.head);
  }
  return {
    probe: 'report',
    bytes: usedAtEnd - usedAtStart + freed,
    scavenges: collections.filter((gc) => gc.gcType === 'Scavenge').length,
    markCompacts: collections.filter((gc) => gc.gcType === 'MarkSweepCompact').length,
    sites,
  };
}

process.on('message', (message: ProbeRequest) => {
  if (message?.probe === 'start') void start(message).then(() => process.send?.({ probe: 'started' }));
  else if (message?.probe === 'stop') void stop().then((report) => process.send?.(report));
});
// The channel must not keep a server that is told to stop alive.
process.channel?.unref();
