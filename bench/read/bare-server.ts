// The ceiling bench:read holds the real server against: a bare Fastify answering fixed bytes (the real
// server's own answers, captured by the bench) with no hooks, no routing table to speak of, no cache.
// Run as its own process, as the real server is: node --import tsx bare-server.ts <port> <path=file>...
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, ...routes] = process.argv.slice(2);
const app = Fastify({ logger: false });
for (const route of routes) {
  const [path, file] = route.split('=') as [string, string];
  const body = readFileSync(file);
  app.get(path, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
