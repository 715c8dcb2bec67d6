import type { Db } from '../db/database.ts';

/** The round a refusal made: who gave it, what they explained and when. */
export function findRefusalStage(db: Db, stageId: number) {
  return db
    .selectFrom('stages')
    .select(['id', 'statement_id', 'applicant_name', 'comment', 'date_create'])
    .where('id', '=', stageId)
    .executeTakeFirst();
}

interface NewStageFile {
  stageId: number;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  at: string;
}

/** A file the committee made itself (a decision letter), kept as a file of its round. */
export async function insertStageFile(db: Db, file: NewStageFile): Promise<void> {
  await db
    .insertInto('files')
    .values({
      stage_id: file.stageId,
      storage_key: file.storageKey,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      created_at: file.at,
    })
    .execute();
}
