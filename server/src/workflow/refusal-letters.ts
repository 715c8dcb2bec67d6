// The refusal letters (docs/product.md «The regulation's procedures»): made once, in the refusal's transaction, from
// the statement, its grounds and the refusal's round as they are then, and kept as a file of that round. Every
// download reads the stored bytes (files.service.ts); nothing re-renders a letter from data that changed later. The
// layout is the kernel's (#domain/pdf), on the page and font the site draws the certificate with.
import { conclusionLines } from '#domain/conclusions.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { REFUSAL_LETTERS, type RefusalLetterKind, renderRefusalLetter } from '#domain/pdf/refusal-letter.ts';
import type { ServiceContext } from '../context.ts';
import { answeredConclusions } from '../db/conclusion-requests.ts';
import type { Db } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { keepStageFile } from '../files/stage-files.ts';
import { committeeFonts, keepLetter } from '../letters/letters.ts';
import {
  findDecisionFacts,
  findRefusalStage,
  findStatementRow,
  listStatementRefusalGrounds,
} from './workflow.repository.ts';

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
 * unreferenced, and the orphan sweep removes them (letters.ts:keepLetter).
 */
export async function storeRefusalLetter(db: Db, ctx: ServiceContext, refusal: Refusal): Promise<void> {
  const row = await findStatementRow(db, refusal.statementId);
  const facts = await findDecisionFacts(db, refusal.statementId, false);
  if (!row || !facts) throw apiError('not_found', 'Заявление не найдено');
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
      objectName: facts.object_name,
      address: facts.address,
      cadastralNumber: facts.cadastral_number,
      companyName: facts.company_name,
      companyInn: facts.company_inn,
      companyKpp: facts.company_kpp,
      companyOgrn: facts.company_ogrn,
      grounds: grounds.map((ground) => ({ name: ground.name, legalBasis: ground.legal_basis })),
      explanation: stage.comment,
      examiner: stage.applicant_name,
      conclusions: conclusionLines(await answeredConclusions(db, refusal.statementId), (at) =>
        certificateDate(new Date(at)),
      ),
    },
    await committeeFonts(),
  );
  await keepLetter(ctx, pdf, (stored) =>
    keepStageFile(db, {
      stageId: refusal.stageId,
      storageKey: stored.key,
      fileName: REFUSAL_LETTERS[refusal.kind].fileName(row.visible_id),
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      at: refusal.at,
    }),
  );
}
