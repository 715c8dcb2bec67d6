// @vitest-environment jsdom
// What the examiner sees of a decision awaiting its signature (docs/product.md «Signatures»): 'Ожидает подписи' on the
// decision with 'Подписать решение' beside its document, no second answer meanwhile; once signed, 'Подписан: …'.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentSignature, Stage, StageFile, Statement } from '#domain/contract.ts';
import { submissionRounds } from '#lib/statement.ts';

vi.mock('#stores/api.ts', () => ({ api: { GET: vi.fn(), POST: vi.fn() }, QUIET: {} }));

const { default: StatementRounds } = await import('../components/detail/StatementRounds.tsx');
const { canSignDecision } = await import('../../signatures/sign-decision.ts');
const { SignDecisionButton } = await import('../../signatures/SignDecision.tsx');
const { canReply, awaitsSignature } = await import('../../workflow/examiner-reply.ts');
const { AwaitingSignatureTag } = await import('../../signatures/SignatureNote.tsx');

afterEach(cleanup);

const EXAMINER = { id: 7, instance: { id: 1, name: 'Комитет' } };

const letter = (signature: DocumentSignature | null): StageFile => ({
  id: 31,
  url: 'letter-key',
  fileName: 'Уведомление об отказе.pdf',
  size: 4096,
  sha256: null,
  change: null,
  previousUrl: null,
  signature,
  signatureFile: signature
    ? { id: 32, url: 'sig-key', fileName: 'Уведомление об отказе.pdf.sig', size: 2000, sha256: null }
    : null,
});

const stage = (over: Partial<Stage>): Stage => ({
  id: 1,
  n: 1,
  applicantId: 2,
  applicant: 'Иванов Иван Иванович',
  applicantPhone: null,
  applicantPosition: null,
  applicantMail: null,
  isGovernmentAgency: false,
  status: 'sent',
  comment: null,
  dateCreate: '2026-11-20T10:00:00.000Z',
  files: [],
  absentFiles: [],
  ...over,
});

function statementWith(decision: Stage): Pick<Statement, 'status' | 'examinerId' | 'stages'> {
  return { status: 'under_review', examinerId: EXAMINER.id, stages: [stage({}), decision] };
}

function renderDetail(statement: Pick<Statement, 'stages'>) {
  render(
    <StatementRounds
      history={[]}
      rounds={submissionRounds(statement.stages)}
      view="examiner"
      repliesLabel="Ответы комитета"
      replyFileAction={(reply, file) =>
        canSignDecision(reply, file, EXAMINER.id) ? <SignDecisionButton statementId={5} file={file} /> : null
      }
    />,
  );
}

const decision = (over: Partial<Stage>) =>
  stage({ id: 2, n: 2, applicantId: EXAMINER.id, isGovernmentAgency: true, status: 'rejected', ...over });

describe('a decision awaiting its signature, on the examiner’s detail', () => {
  it("is marked 'Ожидает подписи', offers 'Подписать решение' beside its letter and no second answer", () => {
    const statement = statementWith(decision({ awaitingSignature: true, files: [letter(null)] }));
    renderDetail(statement);
    expect(screen.getByText('Ожидает подписи')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Подписать решение «Уведомление об отказе.pdf»' })).toBeTruthy();
    expect(awaitsSignature(statement)).toBe(true);
    expect(canReply(statement, EXAMINER)).toBe(false);
  });

  it('once signed, says who signed it and offers nothing more to sign', () => {
    const signed: DocumentSignature = {
      status: 'valid',
      signer: {
        fio: 'Смирнов Алексей Петрович',
        title: 'Главный специалист',
        organization: 'Комитет по архитектуре и градостроительству',
        inn: null,
        innLe: '7705000010',
        ogrn: null,
        snils: null,
      },
      certificate: {
        serialNumber: '0A1B',
        issuer: 'Тестовый УЦ',
        validFrom: '2026-01-01T00:00:00Z',
        validTo: '2027-01-01T00:00:00Z',
      },
      signedAt: '2026-11-21T10:00:00Z',
      checkedAt: '2026-11-21T10:00:01Z',
    };
    const statement = { ...statementWith(decision({ files: [letter(signed)] })), status: 'rejected' as const };
    renderDetail(statement);
    expect(screen.queryByText('Ожидает подписи')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Подписать решение/ })).toBeNull();
    expect(screen.getByText(/^Подписан: Смирнов Алексей Петрович/)).toBeTruthy();
    expect(awaitsSignature(statement)).toBe(false);
  });
});

describe("a decision awaiting its signature, in the committee's lists", () => {
  it("is tagged 'Ожидает подписи' beside its status, and nothing else is", () => {
    render(
      <ul>
        <li>
          <AwaitingSignatureTag awaiting={true} />
        </li>
        <li>
          <AwaitingSignatureTag awaiting={undefined} />
        </li>
      </ul>,
    );
    expect(screen.getAllByText('Ожидает подписи')).toHaveLength(1);
  });
});
