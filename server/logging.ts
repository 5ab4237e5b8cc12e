import type { Writable } from 'node:stream';

/** What the server's logger writes to: a line at a time, never blocking, dropping when full. */
export type LogOutput = {
  write(line: string): void;
  /** Lines dropped so far because the reader was not keeping up (or had gone). */
  readonly dropped: number;
  /** Waits until what is buffered is written, or `timeoutMs` passes (shutdown: bounded). */
  flush(timeoutMs: number): Promise<void>;
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

  /** Once everything queued so far has been written, say how many lines did not fit. */
  const reportWhenWritten = () => {
    if (reportPending) return;
    reportPending = true;
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
      if (broken || stream.writableLength + Buffer.byteLength(line) > maxBytes) {
        dropped++;
        droppedSinceReport++;
        if (!broken) reportWhenWritten();
        return;
      }
      stream.write(line);
    },
    get dropped() {
      return dropped;
    },
    async flush(timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!broken && stream.writableLength > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
