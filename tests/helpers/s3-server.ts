import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestBucket {
  /** The environment that points Chorus at the bucket. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** The folder where the server keeps the bucket's objects, to look at them directly. */
  directory: string;
  /** Stops the server (requests then fail as an unreachable bucket would) and removes its files. */
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, with one empty bucket. */
export async function startTestBucket(bucket = 'chorus-media'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver takes any key pair that it knows; S3RVER/S3RVER is its default.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  let stopped = false;
  return {
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    endpoint,
    bucket,
    directory,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
