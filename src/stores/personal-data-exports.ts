// Exports the committee's side makes in the browser (the statements table, the report) are reads of personal data:
// each is recorded in the access log before its file is saved (docs/product.md «Personal data»).
import type { PersonalDataExportInput } from '#domain/contract.ts';
import { api } from './api.ts';

/** Records an export of `rows` rows; false when it could not be recorded (the file is then not saved). */
export async function recordExport(what: PersonalDataExportInput['what'], rows: number): Promise<boolean> {
  try {
    const { response } = await api.POST('/api/instance/personal-data-access/exports', { body: { what, rows } });
    return response.ok;
  } catch {
    return false;
  }
}
