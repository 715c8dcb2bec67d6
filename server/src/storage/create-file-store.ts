import type { Config } from '../config.ts';
import { directoryFileStore, type FileStore } from './file-store.ts';
import { s3FileStore } from './s3-file-store.ts';

/** The store the configuration names: the bucket when `S3_BUCKET` is set, else the directory `FILES_DIR`. */
export function createFileStore(config: Pick<Config, 'filesDir' | 's3'>): FileStore {
  return config.s3 ? s3FileStore(config.s3) : directoryFileStore(config.filesDir);
}
