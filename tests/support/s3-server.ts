import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const TEST_BUCKET = "jimmy-hunt-test";
export const TEST_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** Lets pages on any origin POST uploads to the bucket and read the answer (browsers upload straight to storage). */
export const BROWSER_UPLOAD_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>POST</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * A real S3-compatible server (s3rver) on loopback, on a port of its own.
 * It serves the S3 REST API and POST uploads but checks neither signatures
 * nor POST-policy conditions: the app's own checks are what keep bad objects out.
 */
/** The settings that point an app server's photo storage at a test S3 server. */
export function s3StorageEnv(s3: { bucket: string; endpoint: string }): Record<string, string> {
  return {
    STORAGE_DRIVER: "s3",
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "us-east-1",
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
  };
}

export async function startS3Server(options: { port?: number; configs?: string[] } = {}) {
  const configs = options.configs ?? [];
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-hunt-s3-"));
  const server = new S3rver({
    port: options.port ?? 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET, configs }],
  });
  let current = server;
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    port: address.port,
    bucket: TEST_BUCKET,
    directory,
    stop: () => current.close(),
    async close() {
      await current.close().catch(() => undefined);
      fs.rmSync(directory, { recursive: true, force: true });
    },
    /** Starts the same server again on the same port (after a simulated outage). */
    async restart() {
      const again = new S3rver({
        port: address.port,
        address: "127.0.0.1",
        directory,
        silent: true,
        configureBuckets: [{ name: TEST_BUCKET, configs }],
      });
      await again.run();
      current = again;
      return again;
    },
  };
}
