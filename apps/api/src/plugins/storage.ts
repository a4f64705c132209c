import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createS3Driver } from '../adapters/s3';
import { LocalStorageDriver } from '../lib/storage/local-storage';
import { createStorage, type Storage, type StorageDriver } from '../lib/storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    /** Folder for uploads in progress (DATA_DIR/tmp/uploads); each request removes its own file. */
    uploadTmpDir: string;
  }
}

/** Temporary upload files older than this are left-overs of a crash and are removed at start. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

async function sweepStaleUploads(dir: string) {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true, recursive: true });
  }
}

// New files go to S3 when S3_* is set, else to local disk under DATA_DIR/files. A file row's `disk` picks
// its driver, so files stored on local disk before a switch to S3 keep working (decision 0060).
export default fp(
  async function storage(app: FastifyInstance) {
    const root = path.join(app.config.DATA_DIR, 'files');
    const uploadTmpDir = path.join(app.config.DATA_DIR, 'tmp', 'uploads');
    await mkdir(root, { recursive: true });
    await mkdir(uploadTmpDir, { recursive: true });
    await sweepStaleUploads(uploadTmpDir);
    const drivers: StorageDriver[] = [new LocalStorageDriver(root)];
    const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_FORCE_PATH_STYLE } =
      app.config;
    if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY && S3_SECRET_KEY) {
      const s3 = await createS3Driver({
        endpoint: S3_ENDPOINT,
        bucket: S3_BUCKET,
        accessKeyId: S3_ACCESS_KEY,
        secretAccessKey: S3_SECRET_KEY,
        region: S3_REGION,
        forcePathStyle: S3_FORCE_PATH_STYLE,
      });
      await s3.check(); // a wrong bucket or key stops the start with a message naming S3_*
      app.addHook('onClose', async () => s3.close());
      drivers.push(s3);
    }
    app.decorate('storage', createStorage(drivers, drivers.at(-1)?.disk ?? 'local'));
    app.decorate('uploadTmpDir', uploadTmpDir);
  },
  { name: 'storage' },
);
