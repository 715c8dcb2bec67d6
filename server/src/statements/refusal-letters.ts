// The refusal letters (docs/product.md «The regulation's procedures»): made once, in the refusal's transaction, from
// the statement, its grounds and the refusal's round as they are then, and kept as a file of that round. Every
// download reads the stored bytes (files.service.ts); nothing re-renders a letter from data that changed later. The
// layout is the kernel's (#domain/pdf), on the page and font the site draws the certificate with.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { CommitteeFonts } from '#domain/pdf/committee-document.ts';
import { REFUSAL_LETTERS, type RefusalLetterKind, renderRefusalLetter } from '#domain/pdf/refusal-letter.ts';
import { randomToken } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { findRefusalStage, insertStageFile } from './refusal-letters.repository.ts';
import { findStatement, listStatementRefusalGrounds } from './statements.repository.ts';

const require = createRequire(import.meta.url);
/** The font files the site fetches (certificate-download.ts), read here from the installed package. */
const FONT_FILES = {
  regular: '@expo-google-fonts/pt-serif/400Regular/PTSerif_400Regular.ttf',
  bold: '@expo-google-fonts/pt-serif/700Bold/PTSerif_700Bold.ttf',
} as const;

let fonts: Promise<CommitteeFonts> | null = null;

/** PT Serif from disk, read on the first letter and kept (the files never change while the process runs). */
function committeeFonts(): Promise<CommitteeFonts> {
  fonts ??= Promise.all([readFont(FONT_FILES.regular), readFont(FONT_FILES.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fonts = null;
      throw error;
    },
  );
  return fonts;
}

async function readFont(name: string): Promise<string> {
  return (await readFile(require.resolve(name))).toString('base64');
}

/** A refusal whose letter is to be made: the statement, the round the refusal created, which refusal, and when. */
export interface Refusal {
  statementId: number;
  /** The stage (round) the refusal created: the letter becomes one of its files. */
  stageId: number;
  /** `intake`: the refusal to accept the documents (`not_accepted`); `decision`: the refusal to approve (`rejected`). */
  kind: RefusalLetterKind;
  /** The moment of the refusal (the status change's `at`): the letter's date. */
  at: string;
}

/**
 * Makes the refusal's letter and keeps it as a file of its round, inside the refusal's transaction `db` (after its
 * stage and grounds are written). The bytes go to the file store first; if the transaction then fails they are left
 * unreferenced, and the orphan sweep removes them (files.service.ts:removeOrphanFiles).
 */
export async function storeRefusalLetter(db: Db, ctx: ServiceContext, refusal: Refusal): Promise<void> {
  const row = await findStatement(db, refusal.statementId);
  if (!row) throw apiError('not_found', 'Заявление не найдено');
  const stage = await findRefusalStage(db, refusal.stageId);
  if (!stage || stage.statement_id !== refusal.statementId) {
    throw new Error(`stage ${refusal.stageId} is not a round of statement ${refusal.statementId}`);
  }
  const grounds = await listStatementRefusalGrounds(db, refusal.statementId);
  const pdf = await renderRefusalLetter(
    refusal.kind,
    {
      visibleId: row.visible_id,
      submittedAt: new Date(row.date_create),
      refusedAt: new Date(refusal.at),
      objectName: row.object_name,
      address: row.address,
      cadastralNumber: row.cadastral_number,
      companyName: row.company_name,
      companyInn: row.company_inn,
      companyKpp: row.company_kpp,
      companyOgrn: row.company_ogrn,
      grounds: grounds.map((ground) => ({ name: ground.name, legalBasis: ground.legal_basis })),
      explanation: stage.comment,
      examiner: stage.applicant_name,
    },
    await committeeFonts(),
  );
  const key = randomToken(24);
  const stored = await ctx.files.put(key, Buffer.from(pdf));
  try {
    await insertStageFile(db, {
      stageId: refusal.stageId,
      storageKey: key,
      fileName: REFUSAL_LETTERS[refusal.kind].fileName(row.visible_id),
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      at: refusal.at,
    });
  } catch (error) {
    await ctx.files.remove(key).catch((removal: unknown) => ctx.logError(removal, 'refusal letter removal'));
    throw error;
  }
}
