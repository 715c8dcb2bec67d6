import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../auth/tokens.ts';
import { ensureCatalog } from '../catalogs/catalogs.repository.ts';
import { OBJECT_CATEGORIES, WORK_TYPES } from '../catalogs/defaults.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { countUsers, insertUser } from '../users/users.repository.ts';
import { createCompanyWithOwner, createExaminer } from '../users/users.service.ts';

export const DEMO_ACCOUNTS = [
  { email: 'owner@demo.example', who: 'владелец компании ООО «СтройПроект»' },
  { email: 'employee@demo.example', who: 'сотрудник ООО «СтройПроект»' },
  { email: 'examiner1@demo.example', who: 'эксперт комитета' },
  { email: 'examiner2@demo.example', who: 'эксперт комитета' },
] as const;

/** Reference catalogues exist in every environment, production included. */
export async function ensureCatalogues(db: Db): Promise<void> {
  await ensureCatalog(db, 'catalog_object_types', OBJECT_CATEGORIES);
  await ensureCatalog(db, 'catalog_work_types', WORK_TYPES);
}

// The smallest valid one-page PDF, so seeded documents open in any viewer.
const DEMO_PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;

type Status = 'sent' | 'under_review' | 'has_comments' | 'approved' | 'rejected';

interface DemoStatement {
  status: Status;
  objectName: string;
  address: string;
  cipher: string;
  category: string;
  workType: string;
  daysAgo: number;
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
];

const PATHS: Record<Status, Status[]> = {
  sent: ['sent'],
  under_review: ['sent', 'under_review'],
  has_comments: ['sent', 'under_review', 'has_comments'],
  approved: ['sent', 'under_review', 'has_comments', 'under_review', 'approved'],
  rejected: ['sent', 'under_review', 'rejected'],
};

const REPLY_COMMENTS: Partial<Record<Status, string>> = {
  has_comments: 'Уточните цветовое решение фасадов и приложите ведомость отделки.',
  approved: 'Архитектурно-градостроительное решение согласовано.',
  rejected: 'Решение не соответствует требованиям к застройке исторической части города.',
};

/** Fills an empty database with demo users and statements in every status (never in production). */
export async function seedDemo(db: Db, filesDir: string): Promise<boolean> {
  await ensureCatalogues(db);
  if ((await countUsers(db)) > 0) return false;
  const { companyId, userId: ownerId } = await createCompanyWithOwner(db, {
    email: 'owner@demo.example',
    legalEntity: 'ООО «СтройПроект»',
    fio: 'Иванов Иван Иванович',
    inn: '7701234567',
    kpp: '770101001',
    ogrn: '1027700123456',
    legalAddress: 'г. Москва, ул. Строителей, д. 1',
    director: 'Иванов Иван Иванович',
    directorPhone: '+7 (495) 123-45-67',
    contactPhone: '+7 (495) 123-45-67',
  });
  const employeeId = await insertUser(db, {
    email: 'employee@demo.example',
    fio: 'Петрова Анна Сергеевна',
    phone: '+7 (916) 555-12-34',
    position: 'Главный архитектор проекта',
    role: 'employee',
    companyId,
    createdAt: nowIso(),
  });
  const { userId: examinerId } = await createExaminer(db, {
    email: 'examiner1@demo.example',
    fio: 'Смирнов Алексей Петрович',
    phone: '+7 (495) 765-43-21',
  });
  await createExaminer(db, {
    email: 'examiner2@demo.example',
    fio: 'Кузнецова Мария Игоревна',
    phone: '+7 (495) 765-43-22',
  });

  const categories = await db.selectFrom('catalog_object_types').select(['id', 'value']).execute();
  const workTypes = await db.selectFrom('catalog_work_types').select(['id', 'value']).execute();
  await mkdir(filesDir, { recursive: true });
  const day = 24 * 60 * 60 * 1000;

  for (const [index, demo] of STATEMENTS.entries()) {
    const created = Date.now() - demo.daysAgo * day;
    const at = (step: number) => nowIso(new Date(created + step * 3 * 60 * 60 * 1000));
    const path_ = PATHS[demo.status];
    const assigned = demo.status !== 'sent';
    await db.transaction().execute(async (trx) => {
      const statement = await trx
        .insertInto('statements')
        .values({
          visible_id: index + 1,
          company_id: companyId,
          status: demo.status,
          cipher: demo.cipher,
          object_name: demo.objectName,
          address: demo.address,
          category_object_id: categories.find((c) => c.value === demo.category)?.id ?? null,
          work_type_id: workTypes.find((w) => w.value === demo.workType)?.id ?? null,
          examiner_id: assigned ? examinerId : null,
          external_number: null,
          date_create: at(0),
          last_update: at(path_.length - 1),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let n = 0;
      const addStage = async (
        stage: {
          applicant_id: number;
          is_government_agency: boolean;
          status: Status;
          comment: string | null;
          date_create: string;
        },
        fileName: string | null,
      ) => {
        n += 1;
        const row = await trx
          .insertInto('stages')
          .values({ ...stage, statement_id: statement.id, n })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (!fileName) return;
        const key = randomToken(24);
        await writeFile(path.join(filesDir, key), DEMO_PDF);
        await trx
          .insertInto('files')
          .values({
            stage_id: row.id,
            storage_key: key,
            file_name: fileName,
            content_type: 'application/pdf',
            size: Buffer.byteLength(DEMO_PDF),
            created_at: stage.date_create,
          })
          .execute();
      };
      for (const [step, status] of path_.entries()) {
        await trx
          .insertInto('status_history')
          .values({
            statement_id: statement.id,
            from_status: step === 0 ? null : (path_[step - 1] ?? null),
            to_status: status,
            user_id:
              status === 'sent' || (status === 'under_review' && step > 1)
                ? index % 2
                  ? employeeId
                  : ownerId
                : examinerId,
            changed_at: at(step),
          })
          .execute();
        if (status === 'sent') {
          await addStage(
            {
              applicant_id: index % 2 ? employeeId : ownerId,
              is_government_agency: false,
              status: 'sent',
              comment: 'Направляем проект на согласование.',
              date_create: at(step),
            },
            'Альбом АГР.pdf',
          );
        } else if (status === 'under_review' && step > 1) {
          await addStage(
            {
              applicant_id: ownerId,
              is_government_agency: false,
              status: 'under_review',
              comment: 'Исправленная версия с учётом замечаний.',
              date_create: at(step),
            },
            'Альбом АГР, версия 2.pdf',
          );
        } else if (status !== 'under_review') {
          const comment = step < path_.length - 1 ? REPLY_COMMENTS.has_comments : REPLY_COMMENTS[status];
          await addStage(
            {
              applicant_id: examinerId,
              is_government_agency: true,
              status,
              comment: comment ?? null,
              date_create: at(step),
            },
            status === 'approved' ? `Свидетельство_${index + 1}.pdf` : null,
          );
        }
      }
    });
  }
  return true;
}
