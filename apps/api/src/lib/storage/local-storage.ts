import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type StorageDriver, StorageObjectNotFoundError } from './storage';

/**
 * Files on the server's disk under `root` (DATA_DIR/files). A put writes a hidden temporary file next to
 * the target and renames it into place, so a reader never sees half an object and a failed write leaves
 * nothing behind.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly disk = 'local';

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`,
    );
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(partial, { flags: 'wx' }),
      );
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      // Opening first turns a missing file into a clear error before any byte is sent.
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream({ autoClose: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
