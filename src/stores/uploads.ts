import { atom, type ReadableAtom } from 'nanostores';
import type { Prefile } from '#domain/contract.ts';
import { fileProblem, fileTexts, isSignatureName, pairSignatures } from '#domain/files.ts';
import { unreadableSignatureMessage } from '#domain/signatures.ts';
import { computed } from '#stores/prerendered.ts';
import { QUIET } from '../lib/api/client.ts';
import type { Uploader } from '../lib/api/upload.ts';
import { api, uploadPrefile } from './api.ts';
import { guardLeaving } from './leave-guard.ts';
import { showToast } from './toasts.ts';

/** Where one file of an upload list stands (uploading, done, error shown 'Ошибка'). */
export type UploadStatus = 'uploading' | 'done' | 'error';

/** One chosen file: the client's temporary id, its name and size, progress in percent, and the prefile once stored. */
export interface UploadItem {
  tempId: string;
  name: string;
  size: number;
  /** 0..100, whole percents. */
  progress: number;
  status: UploadStatus;
  prefile: Prefile | null;
  /** Why the file cannot be a signature at all ('Файл подписи «…» повреждён или не является подписью'), or null. */
  unreadable: string | null;
}

/**
 * What the list checks of the signature files chosen in it (docs/product.md «Signatures»): 'round' — a filed batch
 * (a statement, a new version, a reply, a conclusion): each is read and paired with its document; 'alone' — a lone
 * signature checked by the server (a registration, a power of attorney): each is read; none — kept as any file.
 */
export type SignatureCheck = 'round' | 'alone';

/** The stores and actions of one upload list (the create form has one, the new-version dialog another). */
export interface UploadList {
  /** Chosen files in the order they were added. */
  $items: ReadableAtom<UploadItem[]>;
  /** Why the files of the last choice were refused (texts of docs/product.md «Files»); cleared by the next choice. */
  $rejections: ReadableAtom<string[]>;
  /** Ids of the stored prefiles, for the stage payload. */
  $prefileIds: ReadableAtom<number[]>;
  /** True while any file is still on its way. */
  $uploading: ReadableAtom<boolean>;
  /**
   * Each file's problem that the server would refuse the batch for, by tempId, shown on its row: a signature that is no
   * signature, or one that signs none of the batch's documents, or a second one of a document.
   */
  $problems: ReadableAtom<ReadonlyMap<string, string>>;
  /** Checks the chosen files (docs/product.md «Files») and starts uploading the acceptable ones, each on its own. */
  addFiles(files: Iterable<File>): void;
  /** Removes a file: stops its upload, or deletes its prefile on the server (failure ignored). */
  remove(tempId: string): Promise<void>;
  /** Removes every file, deleting stored prefiles (a dialog closed without sending). */
  discard(): Promise<void>;
  /** Forgets every file without deleting anything (the prefiles were attached). */
  reset(): void;
}

/** What an upload list calls: the uploader and the prefile delete (injectable for tests). */
export interface UploadListDeps {
  upload: Uploader;
  deletePrefile: (id: number) => Promise<unknown>;
}

const defaultDeps: UploadListDeps = {
  upload: uploadPrefile,
  deletePrefile: (id) => api.DELETE('/api/prefiles/{id}', { params: { path: { id } }, headers: QUIET }),
};

let nextTempId = 1;

/** Creates one upload list with its own items; the browser asks before leaving while it holds a file (leave-guard). */
export function createUploadList(
  deps: UploadListDeps = defaultDeps,
  options: { signatures?: SignatureCheck } = {},
): UploadList {
  const $items = atom<UploadItem[]>([]);
  const $rejections = atom<string[]>([]);
  const controllers = new Map<string, AbortController>();

  const patch = (tempId: string, part: Partial<UploadItem>) => {
    $items.set($items.get().map((item) => (item.tempId === tempId ? { ...item, ...part } : item)));
  };

  // The structure is read in the browser (asn1js loads on the first signature chosen); the server checks the rest.
  async function readSignature(item: UploadItem, file: File): Promise<void> {
    const { fileSignatureProblem } = await import('#lib/signature-structure.ts');
    const reason = await fileSignatureProblem(file);
    if (reason) patch(item.tempId, { unreadable: unreadableSignatureMessage(item.name, reason) });
  }

  async function start(item: UploadItem, file: File): Promise<void> {
    const controller = new AbortController();
    controllers.set(item.tempId, controller);
    const result = await deps.upload(file, file.name, {
      signal: controller.signal,
      onProgress: (fraction) => {
        const progress = Math.min(99, Math.floor(fraction * 100));
        const current = $items.get().find((entry) => entry.tempId === item.tempId);
        if (current && current.status === 'uploading' && progress > current.progress) patch(item.tempId, { progress });
      },
    });
    controllers.delete(item.tempId);
    if (result.ok) {
      if ($items.get().some((entry) => entry.tempId === item.tempId)) {
        patch(item.tempId, { status: 'done', progress: 100, prefile: result.prefile });
      } else {
        // Removed while the last bytes were answered: the stored prefile is nobody's now.
        void deps.deletePrefile(result.prefile.id).catch(() => undefined);
      }
      return;
    }
    if (result.aborted) return;
    patch(item.tempId, { status: 'error' });
    // The server's reason follows when it refused the file itself (too many uploads, the company's quota, too large).
    const reason = result.status !== null && result.status !== 401 && result.status < 500 ? result.body?.message : null;
    showToast('error', reason ? `${fileTexts.uploadFailed(item.name)}. ${reason}` : fileTexts.uploadFailed(item.name));
  }

  function addFiles(files: Iterable<File>): void {
    const rejections: string[] = [];
    const added: Array<[UploadItem, File]> = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) {
        rejections.push(problem);
        continue;
      }
      const item: UploadItem = {
        tempId: `upload-${nextTempId++}`,
        name: file.name,
        size: file.size,
        progress: 0,
        status: 'uploading',
        prefile: null,
        unreadable: null,
      };
      added.push([item, file]);
    }
    $rejections.set(rejections);
    if (added.length === 0) return;
    $items.set([...$items.get(), ...added.map(([item]) => item)]);
    for (const [item, file] of added) {
      void start(item, file);
      // A read that cannot be made (the check's code did not load) leaves the file to the server's check.
      if (options.signatures && isSignatureName(file.name)) void readSignature(item, file).catch(() => undefined);
    }
  }

  async function remove(tempId: string): Promise<void> {
    const item = $items.get().find((entry) => entry.tempId === tempId);
    if (!item) return;
    controllers.get(tempId)?.abort();
    controllers.delete(tempId);
    $items.set($items.get().filter((entry) => entry.tempId !== tempId));
    if (item.prefile) {
      try {
        await deps.deletePrefile(item.prefile.id);
      } catch {
        // A failed prefile delete is ignored (docs/product.md «Calls»); the server removes unattached prefiles after 24
        // h
      }
    }
  }

  async function discard(): Promise<void> {
    await Promise.all($items.get().map((item) => remove(item.tempId)));
    $rejections.set([]);
  }

  function reset(): void {
    for (const controller of controllers.values()) controller.abort();
    controllers.clear();
    $items.set([]);
    $rejections.set([]);
  }

  // A file on its way, or uploaded and not yet sent with its statement or stage: leaving would lose it.
  guardLeaving(() => $items.get().some((item) => item.status !== 'error'));

  return {
    $items,
    $rejections,
    $prefileIds: computed($items, (items) => items.flatMap((item) => (item.prefile ? [item.prefile.id] : []))),
    $uploading: computed($items, (items) => items.some((item) => item.status === 'uploading')),
    $problems: computed($items, (items) => uploadProblems(items, options.signatures)),
    addFiles,
    remove,
    discard,
    reset,
  };
}

/**
 * The problems of a list's files by tempId: in a filed batch, a signature's pairing with the batch's documents first
 * (pairSignatures, as the server pairs, before it reads any signature), then whether it is a signature at all. A file
 * whose upload failed is not sent, so it neither has a problem nor pairs.
 */
export function uploadProblems(
  items: readonly UploadItem[],
  signatures: SignatureCheck | undefined,
): ReadonlyMap<string, string> {
  const problems = new Map<string, string>();
  if (!signatures) return problems;
  const batch = items.filter((item) => item.status !== 'error');
  const pairing = signatures === 'round' ? pairSignatures(batch).problems : new Map<UploadItem, string>();
  for (const item of batch) {
    const problem = pairing.get(item) ?? item.unreadable;
    if (problem) problems.set(item.tempId, problem);
  }
  return problems;
}
