import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { assertSafeKey, type StorageDriver, StorageObjectNotFoundError } from '../lib/storage/storage';

export interface S3DriverOptions {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
  /** Bytes held in memory per part of a streamed upload; S3 wants at least 5 MiB. */
  partSize?: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (decision 0060). S3 writes an object whole or not at all, so a put
 * that fails leaves nothing: a small stream is collected and sent in one PutObject; a large one goes up
 * as a multipart upload, aborted on any error, so memory stays at one part whatever the file's size.
 */
export class S3StorageDriver implements StorageDriver {
  readonly disk = 's3';
  readonly client: S3Sdk.S3Client;
  readonly bucket: string;
  private readonly partSize: number;

  constructor(
    options: S3DriverOptions,
    private readonly sdk: typeof S3Sdk,
  ) {
    this.bucket = options.bucket;
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? 8 * 1024 * 1024);
    this.client = new sdk.S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default integrity checksums (CRC32 trailers, 2025) are not understood by many
      // S3-compatible stores; send and check them only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
  }

  /** Fails with a clear message when the bucket is missing or the credentials are refused. */
  async check(): Promise<void> {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason = status ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
      throw new Error(`S3 bucket '${this.bucket}' is not reachable (${reason}): check S3_* settings`);
    }
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    if (Buffer.isBuffer(body)) return this.putWhole(key, body, contentType);

    let chunks: Buffer[] = [];
    let held = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      const data = Buffer.concat(chunks, held);
      chunks = [];
      held = 0;
      if (!uploadId) {
        const created = await this.client.send(
          new this.sdk.CreateMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            ContentType: contentType,
          }),
        );
        uploadId = created.UploadId;
        if (!uploadId) throw new Error('S3 did not return an upload id');
      }
      const PartNumber = parts.length + 1;
      const sent = await this.client.send(
        new this.sdk.UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: data,
          ContentLength: data.length,
        }),
      );
      parts.push({ ETag: sent.ETag, PartNumber });
    };

    try {
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        chunks.push(buffer);
        held += buffer.length;
        if (held >= this.partSize) await sendPart();
      }
      if (!uploadId) return await this.putWhole(key, Buffer.concat(chunks, held), contentType);
      if (held > 0) await sendPart();
      await this.client.send(
        new this.sdk.CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      if (uploadId) {
        // Best effort: a leftover upload holds invisible parts, never a visible object.
        await this.client
          .send(
            new this.sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
          )
          .catch(() => {});
      }
      if (!body.destroyed) body.destroy();
      throw error;
    }
  }

  private async putWhole(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Readable> {
    assertSafeKey(key);
    try {
      const object = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return object.Body;
    } catch (error) {
      const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (name === 'NoSuchKey' || $metadata?.httpStatusCode === 404)
        throw new StorageObjectNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // Deleting a missing key succeeds in S3, as rm --force does on disk.
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the HTTP connections the client keeps open. */
  close(): void {
    this.client.destroy();
  }
}

/**
 * The AWS SDK (~5 MB of heap and ~20 MB resident) is loaded only by a process that stores in S3, not by
 * every start (decision 0119).
 */
export async function createS3Driver(options: S3DriverOptions): Promise<S3StorageDriver> {
  return new S3StorageDriver(options, await import('@aws-sdk/client-s3'));
}
