// Clients that pipeline requests and never read the answers, in a process of their own as an
// attacker's would be (server/http/neverReading.test.ts): `node server/test/neverReadingClients.ts
// PORT CONNECTIONS REQUESTS ADDRESSES` opens CONNECTIONS sockets to 127.0.0.1:PORT from the local
// addresses 127.0.0.2 … (Linux routes all of 127/8 to loopback), each sending REQUESTS pipelined
// GET /api/openapi.json at once. Prints a line of JSON once every socket is connected and its
// requests handed to the kernel; holds them, never reading, until killed.
import net from 'node:net';

const [port, connections, requests, addresses] = process.argv.slice(2).map(Number) as [
  number,
  number,
  number,
  number,
];
const REQUEST = 'GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n';
const started = performance.now();
const sockets = Array.from({ length: connections }, (_, i) => {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % addresses)}` });
  // Never read: the kernel's buffers fill and the server's writes stall.
  socket.pause();
  socket.on('error', () => {});
  return new Promise<boolean>((resolve) => {
    socket.once('connect', () => socket.write(REQUEST.repeat(requests), () => resolve(true)));
    socket.once('close', () => resolve(false));
  });
});
const sent = (await Promise.all(sockets)).filter(Boolean).length;
console.log(JSON.stringify({ sent, ms: Math.round(performance.now() - started) }));
// Held until killed; a bound of its own should the test die first.
setTimeout(() => process.exit(0), 120_000);
