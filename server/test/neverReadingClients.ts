// Clients that pipeline requests and never read the answers, in a process of their own as an
// attacker's would be (server/http/connections.test.ts): `node server/test/neverReadingClients.ts
// PORT CONNECTIONS REQUESTS ADDRESSES` opens CONNECTIONS sockets to 127.0.0.1:PORT, spread over the
// local addresses 127.0.0.2 … (Linux routes all of 127/8 to loopback), each sending REQUESTS
// pipelined GET /api/openapi.json at once. Prints how long connecting them all took; holds them
// (never reading, so never noticing the server close them) until killed.
import net from 'node:net';

const [port, connections, requests, addresses] = process.argv.slice(2).map(Number) as [
  number,
  number,
  number,
  number,
];
const REQUEST = 'GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n';
const started = performance.now();
const sockets: net.Socket[] = [];
for (let i = 0; i < connections; i++) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % addresses)}` });
  // Never read: the kernel's buffers fill and the server's writes stall.
  socket.pause();
  socket.on('error', () => {});
  socket.once('connect', () => socket.write(REQUEST.repeat(requests)));
  sockets.push(socket);
}
await Promise.all(
  sockets.map(
    (socket) => new Promise((resolve) => socket.once(socket.connecting ? 'connect' : 'close', resolve)),
  ),
);
console.log(
  JSON.stringify({
    connected: sockets.filter((socket) => !socket.destroyed).length,
    ms: Math.round(performance.now() - started),
  }),
);
// Held until killed; a bound of its own should the test die first.
setTimeout(() => process.exit(0), 60_000);
