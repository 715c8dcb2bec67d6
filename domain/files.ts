// File rules and size formatting of docs/product.md («Files», «Constants and limits»); the server applies the same
// rules whatever the client did.

/** Largest file the portal accepts, in bytes (100 MB, docs/product.md «Constants and limits»). */
export const MAX_FILE_SIZE = 104_857_600;

/** Extensions refused everywhere (docs/product.md «Files»), lower-case, without the dot. */
export const BLOCKED_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe',
  'msi',
  'bat',
  'cmd',
  'sh',
  'js',
  'vbs',
  'jar',
  'com',
  'scr',
  'ps1',
]);

/**
 * What the file picker offers (docs/product.md «Files»); other files can still be chosen by "All files" and are checked
 * above.
 */
export const ACCEPTED_EXTENSIONS = ['doc', 'docx', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'sig', 'p7s'] as const;

/** Extensions of a detached signature file (docs/product.md «Signatures»): kept beside the document it signs. */
export const SIGNATURE_EXTENSIONS: ReadonlySet<string> = new Set(['sig', 'p7s']);

/** True when the file is a detached signature by its final extension. */
export function isSignatureName(name: string): boolean {
  return SIGNATURE_EXTENSIONS.has(finalExtension(name));
}

/**
 * Which of a round's documents a detached signature signs (docs/product.md «Signatures»): `X.pdf.sig` (or `.p7s`)
 * signs `X.pdf`; `X.sig` signs the one document named `X` with any extension. Names compare as shown, ignoring
 * case. Null when none does, or when `X.sig` could sign several.
 */
export function signedDocumentOf<T extends { name: string }>(signatureName: string, documents: readonly T[]): T | null {
  const shown = (name: string) =>
    visibleFileName(name)
      .replace(/[.\s]+$/u, '')
      .toLowerCase();
  const signature = shown(signatureName);
  const base = signature.slice(0, signature.lastIndexOf('.'));
  if (base === '') return null;
  const exact = documents.find((document) => shown(document.name) === base);
  if (exact) return exact;
  const stems = documents.filter((document) => {
    const name = shown(document.name);
    const dot = name.lastIndexOf('.');
    return dot > 0 && name.slice(0, dot) === base;
  });
  return stems.length === 1 ? (stems[0] ?? null) : null;
}

/** How the signatures of one upload batch pair with its documents (see pairSignatures). */
export interface SignaturePairing<T> {
  /** The batch's documents (every file that is not a signature by its name), in batch order. */
  documents: T[];
  /** Each signed document with the one signature that signs it. */
  signed: Map<T, T>;
  /** Each signature that cannot be filed with its batch, with why (docs/product.md «Signatures»), in batch order. */
  problems: Map<T, string>;
}

/**
 * Pairs the signatures of one upload batch with its documents as a filing does (docs/product.md «Signatures»): a
 * signature that signs none of the batch's documents is `Файл подписи «…» не относится ни к одному документу`; a second
 * signature of a document already signed is `К документу «…» приложено несколько файлов подписи`. The server refuses
 * a batch at its first problem; the site shows each on its own row.
 */
export function pairSignatures<T extends { name: string }>(batch: readonly T[]): SignaturePairing<T> {
  const documents = batch.filter((file) => !isSignatureName(file.name));
  const signed = new Map<T, T>();
  const problems = new Map<T, string>();
  for (const signature of batch.filter((file) => isSignatureName(file.name))) {
    const document = signedDocumentOf(signature.name, documents);
    if (!document) problems.set(signature, fileTexts.orphanSignature(signature.name));
    else if (signed.has(document)) problems.set(signature, fileTexts.twoSignatures(document.name));
    else signed.set(document, signature);
  }
  return { documents, signed, problems };
}

/** The picker's `accept` attribute. */
export const FILE_ACCEPT = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** What the picker of a power of attorney offers: its XML and the signature of it (docs/product.md «Powers of attorney»). */
export const POWER_OF_ATTORNEY_ACCEPT = '.xml,.sig,.p7s';
/** What the picker of a lone signature offers (a registration statement's, signed outside the portal). */
export const SIGNATURE_ACCEPT = '.sig,.p7s';

/** Texts of the file checks and uploads, exactly as docs/product.md «Files» and «Error texts» quote them. */
export const fileTexts = {
  blockedType: (extension: string) => `Недопустимый тип файла: .${extension}`,
  tooLarge: (name: string) => `Файл «${name}» больше 100 МБ`,
  uploadFailed: (name: string) => `Не удалось загрузить «${name}»`,
  /** How an upload that failed is marked in the list. */
  uploadError: 'Ошибка',
  orphanSignature: (name: string) => `Файл подписи «${name}» не относится ни к одному документу`,
  twoSignatures: (name: string) => `К документу «${name}» приложено несколько файлов подписи`,
  unsigned: (names: readonly string[]) =>
    names.length === 1
      ? `Документ «${names[0]}» не подписан усиленной квалифицированной электронной подписью заявителя`
      : `Документы ${names.map((name) => `«${name}»`).join(', ')} не подписаны усиленной квалифицированной электронной подписью заявителя`,
} as const;

/**
 * Characters a file name shows nothing for but which change how it reads: controls (Unicode Cc: C0, C1) and format
 * characters (Cf: the bidirectional marks, embeddings, overrides and isolates, zero-width characters, the BOM).
 * `счёт\u202Efdp.exe` is shown as `счётexe.pdf`; `a.exe\u202E` would hide its extension from a plain comparison.
 */
const INVISIBLE_CONTROLS = /[\p{Cc}\p{Cf}]/gu;

/** The name without the characters that only change how it is shown (see INVISIBLE_CONTROLS); NUL and after it cut. */
export function visibleFileName(name: string): string {
  const nul = name.indexOf('\0');
  return (nul === -1 ? name : name.slice(0, nul)).replace(INVISIBLE_CONTROLS, '');
}

/**
 * The extension that decides what a file is: lower-cased, after cutting anything from a NUL, dropping invisible
 * controls (see visibleFileName) and trimming trailing dots and spaces (Windows drops them, so `a.exe.` runs as
 * `a.exe`); '' when the name has none.
 */
export function finalExtension(name: string): string {
  const trimmed = visibleFileName(name).replace(/[.\s]+$/u, '');
  const dot = trimmed.lastIndexOf('.');
  return dot === -1 ? '' : trimmed.slice(dot + 1).toLowerCase();
}

/** How a file opens: pages of a PDF, one image, or not at all (doc, docx: 'Просмотр недоступен: скачайте файл'). */
export type ViewKind = 'pdf' | 'image' | 'none';

const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif']);

/**
 * What the viewer does with a file, by its final extension (the server keeps no trusted content type); remarks are
 * pinned to the same files.
 */
export function viewKind(fileName: string): ViewKind {
  const extension = finalExtension(fileName);
  if (extension === 'pdf') return 'pdf';
  return IMAGE_EXTENSIONS.has(extension) ? 'image' : 'none';
}

/** The longest file name kept, in characters (what file systems allow); longer names are cut by boundFileName. */
export const MAX_FILE_NAME_CHARS = 255;

/**
 * The name cut to `max` characters (code points, so no surrogate pair is split), keeping its extension: a
 * 41,000-character `план….pdf` is kept as its first 251 characters and `.pdf`. A name whose extension alone is too
 * long is simply cut.
 */
export function boundFileName(name: string, max = MAX_FILE_NAME_CHARS): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length === 0 || extension.length >= max) return chars.slice(0, max).join('');
  return [...chars.slice(0, max - extension.length), ...extension].join('');
}

/** True when the file's final extension is one of the blocked ones. */
export function isBlockedName(name: string): boolean {
  return BLOCKED_EXTENSIONS.has(finalExtension(name));
}

/** Why a chosen file cannot be uploaded (docs/product.md «Files»), or null when it can. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (isBlockedName(file.name)) return fileTexts.blockedType(finalExtension(file.name));
  if (file.size > MAX_FILE_SIZE) return fileTexts.tooLarge(file.name);
  return null;
}
