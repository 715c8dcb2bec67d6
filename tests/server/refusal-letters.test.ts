import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusalGround, Statement } from '#domain/contract.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { demoUsers } from '../../tools/demo.ts';
import { login, pdfText, startTestPortal, type TestPortal, userByEmail } from './helpers.ts';

let portal: TestPortal;
const tokens: Record<string, string> = {};
const { owner, examiner1 } = { owner: demoUsers.owner.email, examiner1: demoUsers.examiner1.email };
const dir = mkdtempSync(join(tmpdir(), 'refusal-letters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function call(as: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe.each(['directory', 's3'] as const)('the refusal letters (files: %s)', (fileStore) => {
  beforeAll(async () => {
    portal = await startTestPortal({}, { fileStore });
    for (const email of [owner, examiner1]) tokens[email] = (await login(portal, email)).accessToken;
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('a rejection’s is a file of its round, the same bytes on every download, with what the decision said', async () => {
    const applicant = await userByEmail(portal, owner);
    const examiner = await userByEmail(portal, examiner1);
    const upload = await storePrefile(portal.ctx, applicant.id, {
      fileName: 'Альбом.pdf',
      contentType: 'application/pdf',
      source: '%PDF-1.4',
    });
    const { id, visibleId } = await submitStatement(portal.ctx, applicant, {
      objectName: 'Торговый центр у моста',
      address: 'г. Энск, ул. Речная, д. 5',
      cadastralNumber: '77:01:0001001:1234',
      prefileIds: [upload.id],
    });
    await takeIntoWork(portal.ctx, examiner, id);
    const catalogue: RefusalGround[] = (await call(owner, 'GET', '/api/catalogs/refusal-grounds')).json();
    const chosen = [catalogue[1], catalogue[0]] as RefusalGround[];
    const rejected = await call(examiner1, 'POST', `/api/instance/${id}/stages`, {
      status: 'rejected',
      comment: 'Фасад выходит за линию застройки',
      prefileIds: [],
      isInstance: true,
      refusalGroundIds: chosen.map((ground) => ground.id),
    });
    expect(rejected.statusCode, rejected.body).toBe(201);

    const statement: Statement = (await call(owner, 'GET', `/api/statements/${id}`)).json();
    const round = statement.stages.at(-1);
    expect(round?.status).toBe('rejected');
    expect(round?.files.map((file) => file.fileName)).toEqual([`Отказ_${visibleId}.pdf`]);
    const letter = round?.files[0];
    if (!letter) throw new Error('no letter');

    const first = await call(owner, 'GET', `/api/files?path=${letter.url}`);
    const second = await call(examiner1, 'GET', `/api/files?path=${letter.url}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toContain(encodeURIComponent(`Отказ_${visibleId}.pdf`));
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.rawPayload.length).toBe(letter.size);

    const text = pdfText(first.rawPayload);
    for (const expected of [
      'Комитет по архитектуре и градостроительству',
      'Решение об отказе в согласовании архитектурно-градостроительного облика',
      `Регистрационный номер: № ${visibleId}`,
      'Наименование объекта: Торговый центр у моста',
      'Адрес объекта: г. Энск, ул. Речная, д. 5',
      'Кадастровый номер земельного участка: 77:01:0001001:1234',
      `Заявитель: ${statement.companyName}`,
      `ИНН / КПП: ${statement.companyInn} / ${statement.companyKpp}`,
      'Разъяснение причин отказа: Фасад выходит за линию застройки',
      `Эксперт комитета: ${examiner.fio}`,
      ...chosen.flatMap((ground, i) => [`${i + 1}. ${ground.name}`, `Правовое основание: ${ground.legalBasis}`]),
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ' '));
    }
  });

  it('a refusal to accept’s is a file of its round too, with its own title and file name', async () => {
    const applicant = await userByEmail(portal, owner);
    const examiner = await userByEmail(portal, examiner1);
    const upload = await storePrefile(portal.ctx, applicant.id, {
      fileName: 'Альбом.pdf',
      contentType: 'application/pdf',
      source: '%PDF-1.4',
    });
    const { id, visibleId } = await submitStatement(portal.ctx, applicant, {
      objectName: 'Гостиница на площади',
      prefileIds: [upload.id],
    });
    const catalogue: RefusalGround[] = (await call(owner, 'GET', '/api/catalogs/intake-refusal-grounds')).json();
    const chosen = [catalogue[0], catalogue[2]] as RefusalGround[];
    const refused = await call(examiner1, 'POST', `/api/instance/statements/${id}/refuse-acceptance`, {
      groundIds: chosen.map((ground) => ground.id),
      comment: 'Нет раздела с фасадами',
    });
    expect(refused.statusCode, refused.body).toBeLessThan(300);

    const statement: Statement = (await call(owner, 'GET', `/api/statements/${id}`)).json();
    const round = statement.stages.at(-1);
    expect(round?.status).toBe('not_accepted');
    expect(round?.files.map((file) => file.fileName)).toEqual([`Отказ_в_приёме_${visibleId}.pdf`]);
    const key = round?.files[0]?.url;
    const first = await call(owner, 'GET', `/api/files?path=${key}`);
    const second = await call(examiner1, 'GET', `/api/files?path=${key}`);
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const text = pdfText(first.rawPayload);
    for (const expected of [
      'Уведомление об отказе в приёме документов',
      `Регистрационный номер: № ${visibleId}`,
      'Наименование объекта: Гостиница на площади',
      'Разъяснение причин отказа: Нет раздела с фасадами',
      `Эксперт комитета: ${examiner.fio}`,
      ...chosen.flatMap((ground, i) => [`${i + 1}. ${ground.name}`, `Правовое основание: ${ground.legalBasis}`]),
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ' '));
    }
    expect(text).not.toContain('Решение об отказе в согласовании');
  });

  it('are not made for another answer', async () => {
    const applicant = await userByEmail(portal, owner);
    const upload = await storePrefile(portal.ctx, applicant.id, {
      fileName: 'Альбом.pdf',
      contentType: 'application/pdf',
      source: '%PDF-1.4',
    });
    const { id } = await submitStatement(portal.ctx, applicant, { objectName: 'Кафе', prefileIds: [upload.id] });
    await takeIntoWork(portal.ctx, await userByEmail(portal, examiner1), id);
    const answered = await call(examiner1, 'POST', `/api/instance/${id}/stages`, {
      status: 'has_comments',
      comment: 'Дополните альбом',
      prefileIds: [],
      isInstance: true,
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const statement: Statement = (await call(owner, 'GET', `/api/statements/${id}`)).json();
    expect(statement.stages.at(-1)?.files).toEqual([]);
  });
});
