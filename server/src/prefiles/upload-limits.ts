import type { UploadLimits } from '../config.ts';
import type { ServiceContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { hitLimit } from '../limits/limits.service.ts';
import type { UserRow } from '../users/user.ts';
import { pendingUploadBytes } from './prefiles.repository.ts';

const MB = 1024 * 1024;

/** The quota in the message: whole gigabytes or megabytes, as people say them. */
function quotaText(bytes: number): string {
  return bytes % 1024 ** 3 === 0 ? `${bytes / 1024 ** 3} ГБ` : `${Math.round(bytes / MB)} МБ`;
}

/**
 * Refuses an upload before its bytes are read (docs/product.md «Files»): past the user's upload rate (429 with
 * `Retry-After`), or when the declared size would take the company's unattached uploads past the quota (413
 * `upload_quota_exceeded`; a body of undeclared length is checked once stored, pastPendingQuota). Both are counted in the database, for every API process alike; two uploads started at
 * the same moment may each pass the quota check, so it can be overshot by what is in flight.
 */
export async function checkUploadLimits(
  ctx: ServiceContext,
  user: UserRow,
  declaredBytes: number,
  limits: UploadLimits,
): Promise<void> {
  const wait = await hitLimit(ctx, `upload-user:${user.id}`, limits.rate, limits.rateWindowMs);
  if (wait > 0) {
    throw new ApiError('too_many_requests', {
      message: `Слишком много загрузок подряд. Повторить можно через ${wait} с.`,
      headers: { 'Retry-After': String(wait) },
    });
  }
  if ((await pendingUploadBytes(ctx.db, user)) + declaredBytes > limits.pendingQuotaBytes) {
    throw quotaExceeded(limits);
  }
}

/**
 * After an upload is stored (its size now known, whatever the request declared): true when the side's unattached
 * uploads, this one included, are past the quota; the route then removes it and answers 413.
 */
export async function pastPendingQuota(ctx: ServiceContext, user: UserRow, limits: UploadLimits): Promise<boolean> {
  return (await pendingUploadBytes(ctx.db, user)) > limits.pendingQuotaBytes;
}

export function quotaExceeded(limits: UploadLimits): ApiError {
  return new ApiError('upload_quota_exceeded', {
    message:
      `Загруженные, но не приложенные к заявлениям файлы занимают больше ${quotaText(limits.pendingQuotaBytes)}. ` +
      'Отправьте или удалите их, затем загрузите файл снова.',
  });
}
