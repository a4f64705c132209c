import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. A file row's `disk` names the driver that holds it, so files uploaded
 * before a switch of driver keep working (product-decisions, Files).
 */
export interface StorageDriver {
  readonly disk: string;
  /** Writes the whole stream under `key`; on failure nothing is left behind. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}

export interface Storage {
  /** The driver new files go to. */
  readonly current: StorageDriver;
  driver(disk: string): StorageDriver;
}

/** `get` of a key that holds nothing (deleted, or lost outside the app). */
export class StorageObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`storage object not found: ${key}`);
  }
}

/**
 * Keys are made by the server ('images/ab/<hex>.jpg'); a driver still refuses anything else so that no
 * key can climb out of its root or name a hidden file.
 */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9]+(?:\/[a-z0-9][a-z0-9._-]*)*$/.test(key) || key.length > 512 || key.includes('..')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** The drivers this server can read from, and the one new files go to. */
export function createStorage(drivers: StorageDriver[], currentDisk: string): Storage {
  const byDisk = new Map(drivers.map((d) => [d.disk, d]));
  const current = byDisk.get(currentDisk);
  if (!current) throw new Error(`storage driver '${currentDisk}' is not configured`);
  return {
    current,
    driver(disk: string) {
      const driver = byDisk.get(disk);
      if (!driver) throw new Error(`storage driver '${disk}' is not configured`);
      return driver;
    },
  };
}
