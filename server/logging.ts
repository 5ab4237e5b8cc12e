import type { Writable } from 'node:stream';
import { styleText } from 'node:util';

/** What the server's logger writes to: a line at a time, never blocking, dropping when full. */
export type LogOutput = {
  write(line: string): void;
  /** Lines dropped so far because the reader was not keeping up (or had gone). */
  readonly dropped: number;
  /** Waits until what is buffered is written, or `timeoutMs` passes (shutdown: bounded). */
  flush(timeoutMs: number): Promise<void>;
  /**
   * Hands the lines of this turn of the event loop to the stream at once, not at the end of the
   * turn: for a process about to exit (`process.on('exit')`), whose last lines would be lost.
   */
  writePending?(): void;
};

/** Bytes of log lines held for a reader that is not reading before further lines are dropped. */
export const LOG_BUFFER_BYTES = 1024 * 1024;

/**
 * Log lines to a stream (the process's stdout) without ever blocking the event loop. Node writes to
 * a pipe or socket asynchronously, so a reader that stops reading (a log shipper, a terminal
 * multiplexer, a script that exited) only makes the stream's buffer grow: past `maxBytes` whole lines
 * are dropped and counted, and once what was queued before them is written, one line says how many
 * were lost. A reader that has gone (EPIPE) drops every later line. pino's own synchronous
 * destination instead waited in `Atomics.wait` for the reader, freezing the server and its shutdown.
 *
 * Files and terminals are written synchronously by Node (a file does not stall; a terminal only
 * when paused by hand), so there the buffer never fills.
 *
 * The lines of one turn of the event loop go to the stream together, in one write at the end of the
 * turn (`setImmediate`): a busy server answers many requests per turn, and a write per line was a
 * system call (and a wake-up of the reader) per request (docs/performance.md, "Server"). Lines keep their order; the bound counts the lines waiting for the turn's end too.
 */
export function createLogOutput(stream: Writable, maxBytes = LOG_BUFFER_BYTES): LogOutput {
  let dropped = 0;
  let droppedSinceReport = 0;
  let reportPending = false;
  let broken = false;

  stream.on('error', () => {
    // EPIPE and the like: the reader is gone. Nothing to write to any more; never throw.
    broken = true;
  });

  /** This turn's lines, not yet given to the stream, and their bytes. */
  let pending = '';
  let pendingBytes = 0;
  let writeScheduled = false;
  const writePending = () => {
    writeScheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    pendingBytes = 0;
    if (!broken) stream.write(text);
  };

  /** Once everything queued so far has been written, say how many lines did not fit. */
  const reportWhenWritten = () => {
    if (reportPending) return;
    reportPending = true;
    writePending();
    stream.write('', (error) => {
      reportPending = false;
      if (error || broken || droppedSinceReport === 0) return;
      const count = droppedSinceReport;
      droppedSinceReport = 0;
      stream.write(
        `${JSON.stringify({
          level: 40,
          time: Date.now(),
          msg: `${count} log line${count === 1 ? ' was' : 's were'} dropped: the log reader was not keeping up`,
          droppedLogLines: count,
        })}\n`,
      );
    });
  };

  return {
    write(line: string): void {
      const bytes = Buffer.byteLength(line);
      if (broken || stream.writableLength + pendingBytes + bytes > maxBytes) {
        dropped++;
        droppedSinceReport++;
        if (!broken) reportWhenWritten();
        return;
      }
      pending += line;
      pendingBytes += bytes;
      if (!writeScheduled) {
        writeScheduled = true;
        setImmediate(writePending);
      }
    },
    get dropped() {
      return dropped;
    },
    writePending,
    async flush(timeoutMs: number): Promise<void> {
      writePending();
      const deadline = Date.now() + timeoutMs;
      while (!broken && stream.writableLength > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
type Style = Parameters<typeof styleText>[0];
const LEVEL_STYLES: Record<number, Style> = {
  10: 'gray',
  20: 'blue',
  30: 'green',
  40: 'yellow',
  50: 'red',
  60: ['bgRed', 'white'],
};
/** Fields shown in a line's own place, not among the extras. */
const PLACED = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

function clock(time: unknown): string {
  const at = new Date(typeof time === 'number' ? time : Date.now());
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
}

/**
 * One JSON log line as a person reads it on a terminal: time, level, the request's id (its first
 * eight characters: enough to follow one request; an error's `reference` field keeps it whole),
 * the message, the request's method and address or answer, the other fields as `key=value`, and an
 * error's stack below. A line that is not JSON passes through unchanged.
 */
export function formatLogLine(line: string, colors: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (entry === null || typeof entry !== 'object') return line;
  const paint = (style: Style, text: string) =>
    colors ? styleText(style, text, { validateStream: false }) : text;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const parts = [
    paint('gray', clock(entry.time)),
    paint(LEVEL_STYLES[level] ?? 'white', (LEVEL_NAMES[level] ?? String(level)).padEnd(5)),
  ];
  if (typeof entry.reqId === 'string') parts.push(paint('cyan', entry.reqId.slice(0, 8)));
  parts.push(paint('bold', String(entry.msg ?? '')));
  const req = entry.req as { method?: string; url?: string; remoteAddress?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) {
    const status = String(res.statusCode);
    parts.push(paint(res.statusCode >= 500 ? 'red' : res.statusCode >= 400 ? 'yellow' : 'green', status));
  }
  if (typeof entry.responseTime === 'number')
    parts.push(paint('gray', `${entry.responseTime.toFixed(1)} ms`));
  for (const [key, value] of Object.entries(entry)) {
    if (PLACED.has(key) || value === undefined) continue;
    parts.push(`${paint('gray', `${key}=`)}${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  let text = parts.join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) {
    const stack = err.stack ?? err.message ?? JSON.stringify(err);
    text += `\n${paint('red', stack.replace(/^/gm, '    '))}`;
  }
  return `${text}\n`;
}

/** A log output that writes lines for people (formatLogLine) to another output. */
export function prettyLogOutput(output: LogOutput, colors: boolean): LogOutput {
  return {
    write: (line) => output.write(formatLogLine(line, colors)),
    get dropped() {
      return output.dropped;
    },
    flush: (timeoutMs) => output.flush(timeoutMs),
    writePending: () => output.writePending?.(),
  };
}
