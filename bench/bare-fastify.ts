// The anchors for the API and upload figures: a bare Fastify app in its own process like the portal, with a "hello"
// route and a sink that reads an upload's bytes and drops them (what the network and HTTP parsing alone cost).
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 200 * 1024 * 1024 });
app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
  payload.on('data', () => {});
  payload.on('end', () => done(null, null));
  payload.on('error', done);
});
app.get('/hello', async () => ({ hello: 'world' }));
app.post('/sink', async (_request, reply) => reply.code(201).send({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
