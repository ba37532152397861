import type { PhotoUrl } from "~/lib/photos";
import { env } from "./env.server";
import type { Storage } from "./storage/contract.server";
import { LocalDiskStorage } from "./storage/local.server";
import { S3Storage } from "./storage/s3.server";

export * from "./storage/contract.server";
export { LocalDiskStorage, localUploadSignature } from "./storage/local.server";
export { S3Storage } from "./storage/s3.server";

/**
 * The origins outside this site the browser must reach for photos: with S3,
 * it uploads straight to the store and may load photos from its public base
 * URL (for the Content-Security-Policy). None for local disk.
 */
export function storageBrowserOrigins(config = env()): { connect: string[]; img: string[] } {
  if (config.storage.driver !== "s3") return { connect: [], img: [] };
  const s3 = config.storage.s3;
  const uploadOrigin = s3.endpoint ? new URL(s3.endpoint).origin : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  return { connect: [uploadOrigin], img: s3.publicBaseUrl ? [new URL(s3.publicBaseUrl).origin] : [] };
}

const globalForStorage = globalThis as typeof globalThis & { __jimmyHuntStorage?: Storage };

/** The configured photo store (one per process). */
export function getStorage(): Storage {
  if (!globalForStorage.__jimmyHuntStorage) {
    const config = env();
    if (config.storage.driver === "s3") {
      globalForStorage.__jimmyHuntStorage = new S3Storage(config.storage.s3);
    } else {
      globalForStorage.__jimmyHuntStorage = new LocalDiskStorage(config.photosDir, config.sessionSecrets);
    }
  }
  return globalForStorage.__jimmyHuntStorage;
}

/** The configured store's public photo URLs, for the models that build photo sources. */
export function photoUrls(): PhotoUrl {
  const storage = getStorage();
  return (key) => storage.publicUrl(key);
}

/** For tests that swap the store (e.g. a stopped S3 server). */
export function setStorageForTests(storage: Storage | undefined): void {
  globalForStorage.__jimmyHuntStorage = storage;
}
