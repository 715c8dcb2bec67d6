import { DetailBlock, DetailItem } from '#components/statement/DetailBlock.tsx';
import type { Statement } from '#domain/contract.ts';
import { orDash } from '#domain/russian.ts';
import { formatListDate } from '#lib/dates.ts';
import { companyChangesSinceSubmission } from '#lib/statement.ts';
import { statementDetailTexts as texts } from '../texts.ts';

/**
 * 'Компания на дату подачи …': the applicant company's values the statement was submitted with, where they differ
 * from today's (renamed, new requisites or head), each with today's value beside it. Nothing when none changed.
 */
export default function CompanyAtSubmission({ statement }: { statement: Statement }) {
  const changes = companyChangesSinceSubmission(statement);
  const submittedAt = statement.companyAtSubmission?.submittedAt;
  if (changes.length === 0 || !submittedAt) return null;
  return (
    <DetailBlock title={texts.atSubmission(formatListDate(submittedAt))}>
      <p className="text-secondary">{texts.atSubmissionIntro}</p>
      <dl className="details">
        {changes.map((change) => (
          <DetailItem key={change.field} term={texts.companyFields[change.field]}>
            {orDash(change.submitted)}
            <span className="details__now">{texts.nowValue(orDash(change.now))}</span>
          </DetailItem>
        ))}
      </dl>
    </DetailBlock>
  );
}
