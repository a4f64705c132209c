import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../test/ops/s3-server';
import { StorageObjectNotFoundError } from '../lib/storage/storage';
import { createS3Driver, type S3StorageDriver } from './s3';

// The S3 driver against a real S3-compatible server (s3rver) on this machine: the cases a local driver faces.

const MiB = 1024 * 1024;
let s3: S3Server;
let driver: S3StorageDriver;

beforeAll(async () => {
  s3 = await startS3Server();
  driver = await createS3Driver({ ...s3.options, partSize: 5 * MiB });
});

afterAll(async () => {
  driver?.close();
  await s3?.stop();
});

const key = (name: string) => `files/${randomBytes(6).toString('hex')}/${name}`;

async function sha256Of(stream: Readable): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), size };
}

/** `total` random bytes in 64 KiB chunks, failing with `failAt` bytes sent when given. */
function randomStream(total: number, failAt?: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(64 * 1024, total - sent));
      hash.update(chunk);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

describe('S3 storage driver (s3rver)', () => {
  it('reaches its bucket, and names a wrong one clearly', async () => {
    await expect(driver.check()).resolves.toBeUndefined();
    const wrong = await createS3Driver({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(wrong.check()).rejects.toThrow(/S3 bucket 'no-such-bucket' is not reachable \(HTTP 404\)/);
    wrong.close();
  });

  it('puts a buffer and gets the same bytes back, with its content type', async () => {
    const k = key('hello.txt');
    await driver.put(k, Buffer.from('Привет, кабинет'), 'text/plain; charset=utf-8');
    expect(driver.disk).toBe('s3');
    expect(await text(await driver.get(k))).toBe('Привет, кабинет');
    const head = await driver.client.send(new HeadObjectCommand({ Bucket: driver.bucket, Key: k }));
    expect(head.ContentType).toBe('text/plain; charset=utf-8');
  });

  it('streams a small upload (under one part) in one request', async () => {
    const k = key('small.bin');
    const source = randomStream(300 * 1024);
    await driver.put(k, source.stream, 'application/octet-stream');
    expect(await sha256Of(await driver.get(k))).toEqual({ hash: source.digest(), size: 300 * 1024 });
  });

  it('streams an upload of a few MB as a multipart upload and reads it back intact', async () => {
    const k = key('big.bin');
    const size = 12 * MiB + 12345;
    const source = randomStream(size);
    await driver.put(k, source.stream, 'application/octet-stream');
    expect(await sha256Of(await driver.get(k))).toEqual({ hash: source.digest(), size });
  });

  it('deletes an object; deleting a missing one is not an error', async () => {
    const k = key('gone.txt');
    await driver.put(k, Buffer.from('x'), 'text/plain');
    await driver.delete(k);
    await expect(driver.get(k)).rejects.toBeInstanceOf(StorageObjectNotFoundError);
    await expect(driver.delete(k)).resolves.toBeUndefined();
  });

  it('a get of a missing key is a StorageObjectNotFoundError naming the key', async () => {
    const k = key('missing.txt');
    const error = await driver.get(k).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageObjectNotFoundError);
    expect((error as StorageObjectNotFoundError).key).toBe(k);
  });

  it('a put whose stream fails early leaves nothing', async () => {
    const k = key('broken-small.bin');
    await expect(
      driver.put(k, randomStream(4 * MiB, MiB).stream, 'application/octet-stream'),
    ).rejects.toThrow('client went away');
    await expect(driver.get(k)).rejects.toBeInstanceOf(StorageObjectNotFoundError);
  });

  // The driver also aborts the multipart upload; s3rver implements neither AbortMultipartUpload nor
  // ListMultipartUploads, so what is checked here is what matters to readers: no object appears.
  it('a put whose stream fails after parts were sent leaves no object', async () => {
    const k = key('broken-big.bin');
    await expect(
      driver.put(k, randomStream(20 * MiB, 11 * MiB).stream, 'application/octet-stream'),
    ).rejects.toThrow('client went away');
    await expect(driver.get(k)).rejects.toBeInstanceOf(StorageObjectNotFoundError);
  });

  it('a failed put does not replace what the key held', async () => {
    const k = key('keep.txt');
    await driver.put(k, Buffer.from('old'), 'text/plain');
    await expect(driver.put(k, randomStream(MiB, 1000).stream, 'text/plain')).rejects.toThrow(
      'client went away',
    );
    expect(await text(await driver.get(k))).toBe('old');
  });

  it.each(['../etc/passwd', '/abs', 'Upper/case', 'a//b', ''])('refuses the unsafe key %j', async (bad) => {
    await expect(driver.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
    await expect(driver.get(bad)).rejects.toThrow(/unsafe storage key/);
  });
});
