import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3DriverOptions } from '../../src/adapters/s3';

/**
 * A real S3-compatible server (s3rver) on a free loopback port, with one bucket, its objects in a
 * temporary folder. Tests talk to it over HTTP exactly as to MinIO or AWS.
 */
export async function startS3Server(bucket = 'cabinet-test') {
  const directory = path.join(os.tmpdir(), `cabinet-s3rver-${process.pid}-${randomBytes(4).toString('hex')}`);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const options: S3DriverOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
  return {
    options,
    directory,
    /** The API's variables for this server. */
    env: {
      S3_ENDPOINT: options.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: options.accessKeyId,
      S3_SECRET_KEY: options.secretAccessKey,
    },
    async stop() {
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
