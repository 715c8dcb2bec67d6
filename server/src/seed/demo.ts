import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { certificateFileName } from '#domain/certificates.ts';
import type { StatementStatus } from '#domain/contract.ts';
import { decideAppeal, fileAppeal } from '../appeals/appeals.service.ts';
import { resumeApprovedSets } from '../approved-sets/approved-sets.service.ts';
import { catalogIds, ensureCatalogues, refusalGrounds } from '../catalogs/catalogs.service.ts';
import { issueCheckToken } from '../certificates/certificates.service.ts';
import { createCompanyWithOwner } from '../companies/companies.service.ts';
import { answerConclusion, requestConclusions } from '../conclusions/conclusions.service.ts';
import { addReviewBodyMember, createReviewBody } from '../conclusions/review-bodies.service.ts';
import type { ServiceContext } from '../context.ts';
import { requestCorrection } from '../corrections/corrections.service.ts';
import { nowIso } from '../db/database.ts';
import { inOneTransaction } from '../db/one-transaction.ts';
import { DEMO_COMPANY, DEMO_SIGNATURES_DIR } from '../demo-trust.ts';
import { createEmployee } from '../employees/employees.service.ts';
import { addPowerOfAttorney } from '../powers-of-attorney/powers-of-attorney.service.ts';
import { storePrefile } from '../prefiles/prefiles.service.ts';
import { createRemark, keepKnownPageCount, resolveRemark } from '../remarks/remarks.service.ts';
import { shippedVerdicts } from '../signatures/checker.ts';
import { submitStatement } from '../statements/statements.service.ts';
import { withPut } from '../storage/file-store.ts';
import type { UserRow } from '../users/user.ts';
import { createExaminer, findUserByEmail, findUserById, recordConsent } from '../users/users.service.ts';
import { refuseAcceptance, takeIntoWork } from '../workflow/intake.ts';
import { replyToStatement, submitNewVersion } from '../workflow/review.ts';
import { withdrawStatement } from '../workflow/withdrawal.ts';
import { type DemoSignatureFile, shippedDemoVerdicts } from './demo-signatures.ts';
import { seedRemarkTemplates } from './remark-templates.ts';
import { anyUserExists, findStatementFiles } from './seed.repository.ts';

export const DEMO_ACCOUNTS = [
  { email: 'owner@demo.example', who: 'владелец компании ООО «СтройПроект»' },
  { email: 'employee@demo.example', who: 'сотрудник ООО «СтройПроект»' },
  { email: 'examiner1@demo.example', who: 'эксперт комитета' },
  { email: 'examiner2@demo.example', who: 'эксперт комитета, отдел охраны культурного наследия (даёт заключения)' },
  { email: 'head@demo.example', who: 'руководитель отдела (эксперт, назначает заявления)' },
  {
    email: 'transport@demo.example',
    who: 'сотрудник департамента транспорта и дорожной инфраструктуры (внешний орган, даёт заключения)',
  },
] as const;

/** The demo's reviewing bodies, each with one member (docs/product.md «Conclusions»). */
const DEMO_BODIES = [
  {
    body: { name: 'Отдел охраны объектов культурного наследия', kind: 'department', termDays: 5 },
    // A department's members are the committee's examiners: the demo's second examiner.
    member: { email: 'examiner2@demo.example', fio: null, position: null },
  },
  {
    body: { name: 'Департамент транспорта и дорожной инфраструктуры', kind: 'external', termDays: 10 },
    member: { email: 'transport@demo.example', fio: 'Громов Павел Андреевич', position: 'Начальник отдела' },
  },
] as const;

/** The demo's decided appeals on its refused statement, with when they were filed and answered. */
const DEMO_APPEALS = [
  {
    filed: {
      subject: 'decision_refusal',
      text: 'Считаем отказ необоснованным: фасады выполнены в материалах, согласованных для исторической части города.',
    },
    filedDaysAgo: 35,
    decision: {
      upheld: false,
      text: 'Отказ обоснован: высота здания превышает предельную для квартала, что отмечено в основании отказа.',
    },
    decidedDaysAgo: 28,
  },
  {
    filed: {
      subject: 'other',
      text: 'Эксперт не разъяснил по телефону, какие именно требования к застройке нарушены.',
    },
    filedDaysAgo: 34,
    decision: {
      upheld: true,
      text: 'Жалоба обоснована: эксперту указано давать разъяснения по запросу заявителя. Решение по заявлению не меняется.',
    },
    decidedDaysAgo: 27,
  },
] as const;

/** The demo's appeal still waiting for the head's answer (on its statement refused acceptance). */
const OPEN_APPEAL = {
  subject: 'acceptance_refusal',
  text: 'Раздел с фасадами был приложен к заявлению в составе альбома; просим принять документы.',
} as const;

/** The demo's refusal to accept names the intake catalogue's first two grounds. */
async function firstIntakeGrounds(ctx: ServiceContext): Promise<number[]> {
  const grounds = (await refusalGrounds(ctx, 'intake')).slice(0, 2);
  if (grounds.length < 2) throw new Error('fewer than two intake grounds in the catalogue');
  return grounds.map((ground) => ground.id);
}

/** The demo's rejection names the catalogue's first ground of refusal to approve. */
async function firstDecisionGround(ctx: ServiceContext): Promise<number> {
  const [first] = await refusalGrounds(ctx, 'decision');
  if (!first) throw new Error('no ground of refusal to approve in the catalogue');
  return first.id;
}

// The smallest valid one-page PDF, so seeded documents open in any viewer (the demo's signatures sign it too).
export const DEMO_PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;
const DEMO_PDF_PAGES = 1;

type Status = StatementStatus;

interface DemoStatement {
  status: Status;
  objectName: string;
  address: string;
  cipher: string;
  category: string;
  workType: string;
  daysAgo: number;
  /** Taken into work by the head, who asks the outside body for its conclusion: the request still waits. */
  awaitsConclusion?: { question: string };
}

const STATEMENTS: DemoStatement[] = [
  {
    status: 'sent',
    objectName: 'Жилой комплекс «Северный»',
    address: 'ул. Ленина, 12',
    cipher: 'СП-2026-014',
    category: 'residential_apartment',
    workType: 'new_construction',
    daysAgo: 1,
  },
  {
    status: 'under_review',
    objectName: 'Школа на 550 мест',
    address: 'пр. Мира, 45',
    cipher: 'СП-2026-011',
    category: 'education',
    workType: 'new_construction',
    daysAgo: 6,
  },
  {
    status: 'has_comments',
    objectName: 'Торговый центр «Квартал»',
    address: 'ул. Садовая, 3',
    cipher: 'СП-2026-009',
    category: 'commercial',
    workType: 'reconstruction',
    daysAgo: 12,
  },
  {
    status: 'approved',
    objectName: 'Поликлиника на 300 посещений',
    address: 'ул. Гагарина, 27',
    cipher: 'СП-2026-004',
    category: 'healthcare',
    workType: 'new_construction',
    daysAgo: 30,
  },
  {
    status: 'rejected',
    objectName: 'Административное здание',
    address: 'наб. Речная, 8',
    cipher: 'СП-2026-002',
    category: 'office',
    workType: 'facade_change',
    daysAgo: 40,
  },
  {
    status: 'not_accepted',
    objectName: 'Многоквартирный жилой дом на ул. Заречной',
    address: 'ул. Заречная, 17',
    cipher: 'СП-2026-006',
    category: 'residential_apartment',
    workType: 'new_construction',
    daysAgo: 4,
  },
  {
    status: 'withdrawn',
    objectName: 'Гостиница «Волга»',
    address: 'ул. Набережная, 5',
    cipher: 'СП-2026-007',
    category: 'commercial',
    workType: 'reconstruction',
    daysAgo: 20,
  },
  {
    status: 'under_review',
    objectName: 'Физкультурно-оздоровительный комплекс',
    address: 'ул. Парковая, 9',
    cipher: 'СП-2026-016',
    category: 'sport',
    workType: 'new_construction',
    daysAgo: 3,
    awaitsConclusion: {
      question: 'Въезд на участок и парковка с ул. Парковой: просим оценить организацию движения.',
    },
  },
];

const PATHS: Record<Status, Status[]> = {
  sent: ['sent'],
  under_review: ['sent', 'under_review'],
  has_comments: ['sent', 'under_review', 'has_comments'],
  approved: ['sent', 'under_review', 'has_comments', 'under_review', 'approved'],
  rejected: ['sent', 'under_review', 'rejected'],
  not_accepted: ['sent', 'not_accepted'],
  withdrawn: ['sent', 'under_review', 'withdrawn'],
};

/** A demo remark: its words, kind, place on the album's page 1, and what becomes of it. */
interface DemoRemark {
  text: string;
  severity: 'required' | 'advisory';
  pin?: { page: number; x: number; y: number; width: number | null; height: number | null };
  /** The applicant's answer with the new version. */
  answer?: string;
  /** The examiner's resolution of the answer ('Снять' or 'Не снято'). */
  resolution?: { resolved: boolean; note: string | null };
}

/**
 * Remarks in every state: a draft on the statement under review, an open one on the statement in rework, and on
 * the approved one (through its rework) one resolved, one answered, one not resolved and an advisory one closed by
 * the approval.
 */
const DEMO_REMARKS: Partial<Record<Status, DemoRemark[]>> = {
  under_review: [
    {
      text: 'Высота здания на фасаде 1-9 не совпадает с разрезом 1-1: уточните отметку парапета.',
      severity: 'required',
      pin: { page: 1, x: 0.42, y: 0.28, width: null, height: null },
    },
  ],
  has_comments: [
    {
      text: 'Рекомендуем светлый тон облицовки первого этажа, как у соседних зданий.',
      severity: 'advisory',
      pin: { page: 1, x: 0.2, y: 0.55, width: 0.35, height: 0.2 },
    },
  ],
  approved: [
    {
      text: 'Приложите ведомость отделки фасадов с колерами.',
      severity: 'required',
      answer: 'Ведомость отделки приложена, лист 12.',
      resolution: { resolved: true, note: null },
    },
    {
      text: 'Покажите узел примыкания козырька входной группы.',
      severity: 'required',
      pin: { page: 1, x: 0.6, y: 0.7, width: null, height: null },
      answer: 'Узел показан на листе 8.',
    },
    {
      text: 'Отметка входа не совпадает с генпланом.',
      severity: 'required',
      pin: { page: 1, x: 0.3, y: 0.8, width: 0.25, height: 0.1 },
      answer: 'Отметка исправлена.',
      resolution: { resolved: false, note: 'На генплане осталась прежняя отметка 150,20.' },
    },
    { text: 'Рекомендуем сохранить существующие деревья у входа.', severity: 'advisory' },
  ],
};

const REPLY_COMMENTS: Partial<Record<Status, string>> = {
  has_comments: 'Уточните цветовое решение фасадов и приложите ведомость отделки.',
  approved: 'Архитектурно-градостроительное решение согласовано.',
  rejected: 'Решение не соответствует требованиям к застройке исторической части города.',
  not_accepted:
    'Не приложен раздел проектной документации с описанием внешнего облика; заявление подписано неуполномоченным лицом.',
};

/** Why the demo's applicant withdraws a statement. */
const WITHDRAWAL_REASON = 'Заказчик решил изменить проект: подадим новое заявление.';

/** The demo's approved certificate has a typo its applicant asked to correct two days ago. */
const CORRECTION_TEXT =
  'В свидетельстве опечатка в адресе объекта: указано «ул. Гагарина, 27», верно — «ул. Гагарина, 27А».';

/**
 * Fills an empty database with demo users and statements in every status (never in production). Everything goes
 * through the same services as the API, on a clock set back to each demo date, so the seed can never write a state
 * the rules forbid. All or nothing: the whole demo is one transaction, and the files it stored are removed if it fails,
 * so a failed start leaves an empty database that the next start seeds again. Its signatures are filed with the
 * verdicts shipped beside them (demo-signatures.ts): the seed runs no OpenSSL. The approved statements' sets are
 * stamped after it, before it answers.
 */
export async function seedDemo(base: ServiceContext): Promise<boolean> {
  await ensureCatalogues(base.db);
  if (await anyUserExists(base.db)) return false;
  const stored = new Set<string>();
  const files = withPut(base.files, async (key, source, maxBytes) => {
    stored.add(key);
    return base.files.put(key, source, maxBytes);
  });
  const signatures = shippedVerdicts(await shippedDemoVerdicts());
  try {
    await inOneTransaction(base.db, (db) => seedDemoData({ ...base, db, files, signatures }));
  } catch (error) {
    for (const key of stored) await base.files.remove(key).catch(() => {});
    throw error;
  }
  // The approved demo statements' stamped sets, made once the demo is there (as a start after a crash makes them).
  await resumeApprovedSets(base);
  return true;
}

/** The demo itself, on `base`'s handle (one transaction). */
async function seedDemoData(base: ServiceContext): Promise<void> {
  const clock = { at: base.now().getTime() };
  // The demo's past is recorded (notifications included) but mails nobody.
  const ctx: ServiceContext = {
    ...base,
    now: () => new Date(clock.at),
    mailer: { send: async () => {}, close() {} },
    // The demo's past predates any signature requirement (SIGNATURES_REQUIRED): its documents are filed as they are.
    config: { ...base.config, signatures: { ...base.config.signatures, required: new Set() } },
  };
  const user = async (id: number): Promise<UserRow> => {
    const row = await findUserById(base.db, id);
    if (!row) throw new Error(`demo user ${id} is missing`);
    return row;
  };

  const { userId: ownerId } = await createCompanyWithOwner(ctx, {
    email: 'owner@demo.example',
    legalEntity: 'ООО «СтройПроект»',
    fio: 'Иванов Иван Иванович',
    inn: DEMO_COMPANY.innLe,
    kpp: '770101001',
    ogrn: DEMO_COMPANY.ogrn,
    legalAddress: 'г. Москва, ул. Строителей, д. 1',
    phone: '+7 (495) 123-45-67',
  });
  const { id: employeeId } = await createEmployee(ctx, await user(ownerId), {
    email: 'employee@demo.example',
    fio: 'Петрова Анна Сергеевна',
    phone: '+7 (916) 555-12-34',
    position: 'Главный архитектор проекта',
  });
  // The demo company's people consented to the consent's first edition when they registered (docs/product.md
  // «Personal data»).
  for (const id of [ownerId, employeeId]) {
    await recordConsent(base.db, id, { version: '1', at: nowIso(base.now()), address: '127.0.0.1' });
  }
  // The head first: a committee's first examiner becomes its head when none is named (createExaminer).
  const { userId: headId } = await createExaminer(ctx, {
    email: 'head@demo.example',
    fio: 'Орлова Елена Викторовна',
    phone: '+7 (495) 765-43-20',
    isHead: true,
  });
  const { userId: examinerId } = await createExaminer(ctx, {
    email: 'examiner1@demo.example',
    fio: 'Смирнов Алексей Петрович',
    phone: '+7 (495) 765-43-21',
  });
  await createExaminer(ctx, {
    email: 'examiner2@demo.example',
    fio: 'Кузнецова Мария Игоревна',
    phone: '+7 (495) 765-43-22',
  });
  const [owner, employee, examiner] = await Promise.all([user(ownerId), user(employeeId), user(examinerId)]);
  // The director's power of attorney for the chief architect (the employee), who signs with a personal certificate
  // (docs/product.md «Powers of attorney»): added by the owner as on 'Моя компания'.
  const powerOfAttorney = await Promise.all(
    [
      ['Доверенность Петровой А. С.xml', 'demo-mchd.xml', 'application/xml'],
      ['Доверенность Петровой А. С.xml.sig', 'demo-mchd.xml.sig', 'application/pkcs7-signature'],
    ].map(async ([fileName, file, contentType]) => {
      const source = await readFile(path.join(DEMO_SIGNATURES_DIR, file as string));
      return (
        await storePrefile(ctx, owner.id, { fileName: fileName as string, contentType: contentType as string, source })
      ).id;
    }),
  );
  await addPowerOfAttorney(ctx, owner, { prefileIds: powerOfAttorney });

  const categories = await catalogIds(base, 'catalog_object_types');
  const workTypes = await catalogIds(base, 'catalog_work_types');
  const upload = async (by: UserRow, fileName: string) =>
    (await storePrefile(ctx, by.id, { fileName, contentType: 'application/pdf', source: DEMO_PDF })).id;
  /**
   * The album's detached signature by the demo's authority (docs/product.md «Signatures»): the company's director on
   * the first statements', the chief architect under the power of attorney on the one she filed, another company's
   * director on the one returned for rework; the rest come unsigned.
   */
  const SIGNED_ALBUMS: Readonly<Record<number, DemoSignatureFile>> = {
    0: 'demo-document.director.sig',
    1: 'demo-document.architect.sig',
    2: 'demo-document.other-director.sig',
    3: 'demo-document.director.sig',
  };
  const albumSignature = async (by: UserRow, index: number): Promise<number[]> => {
    const file = SIGNED_ALBUMS[index];
    if (!file) return [];
    const source = await readFile(path.join(DEMO_SIGNATURES_DIR, file));
    const stored = await storePrefile(ctx, by.id, {
      fileName: 'Альбом АГР.pdf.sig',
      contentType: 'application/pkcs7-signature',
      source,
    });
    return [stored.id];
  };
  const day = 24 * 60 * 60 * 1000;
  const now = clock.at;

  const head = await user(headId);
  const bodies: number[] = [];
  for (const demoBody of DEMO_BODIES) {
    const created = await createReviewBody(ctx, head, demoBody.body);
    await addReviewBodyMember(ctx, head, created.id, demoBody.member);
    bodies.push(created.id);
  }
  const heritageMember = await findUserByEmail(base.db, DEMO_BODIES[0].member.email);
  for (const [index, demo] of STATEMENTS.entries()) {
    clock.at = now - demo.daysAgo * day;
    const step = () => {
      clock.at += 3 * 60 * 60 * 1000;
    };
    const applicant = index % 2 ? employee : owner;
    const { id, visibleId } = await submitStatement(ctx, applicant, {
      cipher: demo.cipher,
      objectName: demo.objectName,
      address: demo.address,
      categoryObjectId: categories.get(demo.category) ?? null,
      catalogWorkTypeId: workTypes.get(demo.workType) ?? null,
      comment: 'Направляем проект на согласование.',
      prefileIds: [await upload(applicant, 'Альбом АГР.pdf'), ...(await albumSignature(applicant, index))],
    });
    const path = PATHS[demo.status];
    const album = (await findStatementFiles(base.db, id))[0];
    // Its pages are known: the remarks pinned to it below need no parser's process (~0.6 s each on a first start).
    if (album !== undefined) await keepKnownPageCount(ctx, album, DEMO_PDF_PAGES);
    // The statement waiting for the outside body has no remarks yet: its examiner waits for the conclusion.
    const remarks = demo.awaitsConclusion ? [] : (DEMO_REMARKS[demo.status] ?? []);
    const published: number[] = [];
    for (const [position, status] of path.entries()) {
      if (position === 0) continue;
      step();
      const previous = path[position - 1];
      if (status === 'not_accepted') {
        await refuseAcceptance(ctx, examiner, id, {
          groundIds: await firstIntakeGrounds(ctx),
          comment: REPLY_COMMENTS.not_accepted ?? null,
        });
      } else if (status === 'withdrawn') {
        await withdrawStatement(ctx, owner, id, { reason: WITHDRAWAL_REASON });
      } else if (previous === 'sent') {
        if (demo.awaitsConclusion) {
          // The head took it and asked the outside body the next hour; its term runs (docs/product.md «Conclusions»).
          await takeIntoWork(ctx, head, id);
          step();
          await requestConclusions(ctx, head, id, { bodyIds: [bodies[1] as number], ...demo.awaitsConclusion });
          continue;
        }
        await takeIntoWork(ctx, examiner, id);
        // The demo examiner's remarks on it, pinned to the album where they name a place (docs/product.md «Remarks»).
        for (const remark of remarks) {
          const pin = remark.pin && album ? { fileId: album, ...remark.pin } : null;
          const { id: remarkId } = await createRemark(ctx, examiner, id, {
            text: remark.text,
            severity: remark.severity,
            pin,
          });
          published.push(remarkId);
        }
      } else if (previous === 'has_comments') {
        await submitNewVersion(ctx, owner, id, {
          status: 'under_review',
          comment: 'Исправленная версия с учётом замечаний.',
          prefileIds: [await upload(owner, 'Альбом АГР, версия 2.pdf')],
          answers: remarks.flatMap((remark, index) =>
            remark.answer ? [{ remarkId: published[index] as number, text: remark.answer }] : [],
          ),
        });
        for (const [index, remark] of remarks.entries()) {
          if (remark.resolution === undefined) continue;
          await resolveRemark(ctx, examiner, published[index] as number, remark.resolution);
        }
      } else if (status === 'has_comments' || status === 'approved' || status === 'rejected') {
        const last = position === path.length - 1;
        // As the examiner's 'Согласовать' does: the certificate's check token first, then the approval, so the
        // register and the certificate link to a working check page (docs/product.md «Certificate and public check»).
        if (status === 'approved') {
          // Its second version went to the heritage department, which agreed before the approval.
          const [heritage] = await requestConclusions(ctx, examiner, id, {
            bodyIds: [bodies[0] as number],
            question: 'Рядом объект культурного наследия: просим оценить влияние на его охранную зону.',
          });
          step();
          if (heritage && heritageMember) {
            await answerConclusion(ctx, heritageMember, heritage.id, {
              verdict: 'agreed_with_remarks',
              text: 'Согласовано при сохранении исторической ограды по ул. Гагарина.',
              prefileIds: [],
            });
          }
          step();
          await issueCheckToken(ctx, examiner, id);
        }
        await replyToStatement(ctx, examiner, id, {
          status,
          isInstance: true,
          comment: (last ? REPLY_COMMENTS[status] : REPLY_COMMENTS.has_comments) ?? null,
          prefileIds: status === 'approved' ? [await upload(examiner, certificateFileName(visibleId))] : [],
          ...(status === 'rejected' ? { refusalGroundIds: [await firstDecisionGround(ctx)] } : {}),
        });
      }
    }
    if (demo.status === 'approved') {
      clock.at = now - 2 * day;
      await requestCorrection(ctx, owner, id, { text: CORRECTION_TEXT });
    }
    // Appeals (docs/product.md «Appeals»): against the refusal, dismissed, and about the examiner's explanations,
    // upheld (the statement stays refused); against the refusal to accept, still waiting for the head's answer.
    if (demo.status === 'rejected') {
      const head = await findUserByEmail(base.db, 'head@demo.example');
      if (!head) throw new Error('demo head is missing');
      for (const appeal of DEMO_APPEALS) {
        clock.at = now - appeal.filedDaysAgo * day;
        const { id: appealId } = await fileAppeal(ctx, owner, id, { ...appeal.filed, prefileIds: [] });
        clock.at = now - appeal.decidedDaysAgo * day;
        await decideAppeal(ctx, head, appealId, appeal.decision);
      }
    }
    if (demo.status === 'not_accepted') {
      clock.at = now - 2 * day;
      await fileAppeal(ctx, employee, id, { ...OPEN_APPEAL, prefileIds: [] });
    }
  }
  await seedRemarkTemplates(ctx, await user(headId));
}
