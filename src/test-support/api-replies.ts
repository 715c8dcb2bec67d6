// Shared by unit tests that stand in for the API client: openapi-fetch style results and demo data.
// Every body is checked against the generated contract with `satisfies`, so a contract change breaks the tests' types.
import type { ApiErrorBody, User } from '#domain/contract.ts';
import type { UploadResult } from '../lib/api/upload.ts';
import { statementItem } from './statements.ts';

/** An openapi-fetch style result: `data` on 2xx, `error` otherwise. */
export function reply(status: number, body?: unknown) {
  const ok = status >= 200 && status < 300;
  return { data: ok ? body : undefined, error: ok ? undefined : body, response: { ok, status } };
}

/** An error body as the server sends it. */
export function errorBody(error: ApiErrorBody['error'], message: string, extra: Partial<ApiErrorBody> = {}) {
  return { error, message, ...extra } satisfies ApiErrorBody;
}

/** A finished upload of a small PDF, as uploadPrefile resolves it. */
export function storedUpload(id: number, name = `${id}.pdf`): UploadResult {
  return { ok: true, prefile: { id, name, contentType: 'application/pdf', size: 10 } };
}

/** The demo company owner as GET /api/users/me returns them. */
export const demoOwner = {
  id: 1,
  fio: 'Иванов Иван Иванович',
  email: 'owner@demo.example',
  role: 'owner',
  isOwner: true,
  isHead: false,
  company: { id: 1, legalEntity: 'ООО «СтройПроект»', state: 'active' },
  instance: null,
  consentRequired: false,
} satisfies User;

/** A demo examiner as GET /api/users/me returns them. */
export const demoExaminer = {
  id: 3,
  fio: 'Петрова Анна Сергеевна',
  email: 'examiner1@demo.example',
  role: 'examiner',
  isOwner: false,
  isHead: false,
  company: null,
  instance: { id: 1, name: 'Комитет по архитектуре и градостроительству' },
  consentRequired: false,
} satisfies User;

/** A statement just sent by the demo owner, as the list and detail endpoints return it. */
export const demoStatement = statementItem();
