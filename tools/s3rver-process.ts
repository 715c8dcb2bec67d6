// s3rver in a process of its own (started by tools/s3.ts), so a test measuring the portal's memory measures
// only the portal. Arguments: the data directory and the bucket; the port goes back over IPC.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3rver-process.ts DIRECTORY BUCKET');
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.send?.({ port });
// The test's process going away (closed or crashed) ends this one too.
process.on('disconnect', () => {
  server.close().finally(() => process.exit(0));
});
