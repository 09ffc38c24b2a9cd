import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { FileStorage } from './storage';

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Ceph, s3rver…); unset = AWS. */
  endpoint?: string;
  /** Path-style addressing (most self-hosted S3-compatible servers need it). */
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket (several deployments may share one). */
  prefix?: string;
  /** Explicit credentials; unset = the SDK's default chain (env, profile, role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * S3-compatible object storage. Uploads stream through lib-storage's multipart upload (parts of
 * 8 MiB, four at a time: memory stays bounded whatever the file's size); reads ask S3 for the
 * range itself, so a Range request never downloads the whole object.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
      ...(config.accessKeyId && config.secretAccessKey
        ? {
            credentials: {
              accessKeyId: config.accessKeyId,
              secretAccessKey: config.secretAccessKey,
            },
          }
        : {}),
    });
  }

  private keyOf(key: string): string {
    return `${this.config.prefix ?? ''}${key}`;
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.config.bucket,
        Key: this.keyOf(key),
        Body: body,
        ContentType: contentType,
      },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const out = await this.client.send(
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key: this.keyOf(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!out.Body) throw new Error(`empty S3 body for ${key}`);
    return out.Body instanceof Readable
      ? out.Body
      : Readable.from(out.Body as AsyncIterable<Uint8Array>);
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
      );
      return head.ContentLength ?? null;
    } catch (err) {
      if (err instanceof NotFound || err instanceof NoSuchKey) return null;
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
    );
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
  }

  async *keys(): AsyncIterable<string> {
    const prefix = this.config.prefix ?? '';
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of page.Contents ?? []) {
        const key = o.Key?.slice(prefix.length);
        // The service's own keys only (a shared bucket may hold other things under the prefix).
        if (key && /^[0-9a-f-]{36}$/.test(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
