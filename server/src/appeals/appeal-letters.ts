// The answer to an appeal, 'Ответ на жалобу' (docs/product.md «Appeals»): made once, in the decision's transaction,
// from the statement and the appeal as they are then, and kept as a file of the appeal (in the statement's last round,
// so a download checks the statement as for any file). Every download reads the stored bytes; nothing re-renders it.
import { appealAnswerTexts, renderAppealAnswerLetter } from '#domain/pdf/appeal-answer-letter.ts';
import { randomToken } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { keepStageFile } from '../files/stage-files.ts';
import { committeeFonts, keepLetter } from '../letters/letters.ts';
import {
  type AppealedStatement,
  appealOrdinal,
  findAppealedStatement,
  findAppealRow,
  findLastStageId,
} from './appeals.repository.ts';

/**
 * Claims the appeal for a decision with `claim` (given the letter's storage key; false when another head decided it
 * first, and then nothing is made), then makes the answer from what the claim wrote and keeps it. Answers the
 * statement as the letter printed it, or null when the claim lost.
 */
export async function storeAppealAnswer(
  ctx: ServiceContext,
  db: Db,
  appealId: number,
  at: string,
  claim: (letterKey: string) => Promise<boolean>,
): Promise<{ statement: AppealedStatement } | null> {
  const key = randomToken(24);
  if (!(await claim(key))) return null;
  const appeal = await findAppealRow(db, appealId);
  if (!appeal) throw new Error(`appeal ${appealId} vanished in its own decision`);
  const statement = await findAppealedStatement(db, appeal.statement_id);
  const stageId = await findLastStageId(db, appeal.statement_id);
  const ordinal = await appealOrdinal(db, appeal.statement_id, appealId);
  if (!statement || stageId === null) throw new Error(`appeal ${appealId} has no statement round to keep its answer`);
  const pdf = await renderAppealAnswerLetter(
    {
      visibleId: statement.visible_id,
      submittedAt: new Date(statement.date_create),
      objectName: statement.object_name,
      address: statement.address,
      cadastralNumber: statement.cadastral_number,
      companyName: statement.company_name,
      companyInn: statement.company_inn,
      companyKpp: statement.company_kpp,
      companyOgrn: statement.company_ogrn,
      subject: appeal.subject,
      filedAt: new Date(appeal.filed_at),
      filedBy: appeal.filer_name,
      upheld: appeal.status === 'upheld',
      text: appeal.decision_text ?? '',
      decidedAt: new Date(at),
      decidedBy: appeal.decider_name,
    },
    await committeeFonts(),
  );
  await keepLetter(
    ctx,
    pdf,
    (stored) =>
      keepStageFile(db, {
        stageId,
        appealId,
        storageKey: stored.key,
        fileName: appealAnswerTexts.fileName(statement.visible_id, ordinal),
        contentType: 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
        at,
      }),
    key,
  );
  return { statement };
}
