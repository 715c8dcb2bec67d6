import type { Config } from '../config.ts';
import { directoryFileStore, type FileStore } from './file-store.ts';

/**
 * The store the configuration names, as `createFileStore` chooses it, loading the S3 client only when a bucket is
 * configured: for the admin CLI's backup commands, whose memory the S3 client's modules would otherwise fill by a
 * quarter on a portal that keeps its files in a directory.
 */
export async function openFileStore(config: Pick<Config, 'filesDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return directoryFileStore(config.filesDir);
  const { s3FileStore } = await import('./s3-file-store.ts');
  return s3FileStore(config.s3);
}
