import type { ApiErrorBody, ErrorCode } from '#domain/contract.ts';
import { REMARKS_PER_STATEMENT_MAX } from '#domain/remarks.ts';

/** The one catalogue of error codes: HTTP status and the default Russian message. */
export const ERRORS = {
  validation_error: { status: 400, message: 'Некорректные данные запроса' },
  invalid_json: { status: 400, message: 'Тело запроса не является корректным JSON' },
  empty_body: { status: 400, message: 'Пустое тело запроса' },
  payload_too_large: { status: 413, message: 'Слишком большой запрос' },
  unsupported_media_type: { status: 415, message: 'Неподдерживаемый формат запроса' },
  bad_request: { status: 400, message: 'Некорректный запрос' },
  method_not_allowed: { status: 405, message: 'Метод не поддерживается' },
  invalid_code: { status: 401, message: 'Неверный код.' },
  too_many_attempts: { status: 401, message: 'Слишком много неверных попыток. Запросите код заново.' },
  expired_or_not_started: { status: 401, message: 'Код истёк. Отправьте новый.' },
  invalid_refresh_token: { status: 401, message: 'Сессия истекла. Войдите снова.' },
  unauthorized: { status: 401, message: 'Требуется вход в систему' },
  forbidden: { status: 403, message: 'Недостаточно прав для этого действия' },
  forbidden_origin: { status: 403, message: 'Запрос с чужого сайта отклонён' },
  not_found: { status: 404, message: 'Не найдено' },
  invalid_transition: { status: 409, message: 'Статус заявления уже изменился. Обновите страницу.' },
  not_deletable: { status: 409, message: 'Заявление уже нельзя удалить: его взяли в работу' },
  already_attached: { status: 409, message: 'Файл уже приложен к заявлению' },
  invalid_prefiles: { status: 400, message: 'Файлы не найдены или уже приложены. Загрузите их заново.' },
  email_taken: { status: 409, message: 'Этот e-mail уже используется другим пользователем портала' },
  inn_taken: { status: 409, message: 'Этот ИНН уже указан у другой компании портала' },
  remark_not_draft: { status: 409, message: 'Замечание уже отправлено заявителю: изменить или удалить его нельзя' },
  remark_not_answered: { status: 409, message: 'Заявитель ещё не ответил на это замечание' },
  remark_closed: { status: 409, message: 'Замечание уже закрыто' },
  too_many_remarks: {
    status: 409,
    message: `В заявлении уже ${REMARKS_PER_STATEMENT_MAX} замечаний: больше добавить нельзя`,
  },
  power_of_attorney_exists: { status: 409, message: 'Эта доверенность уже добавлена' },
  review_body_exists: { status: 409, message: 'Подразделение или орган с таким названием уже есть' },
  blocked_extension: { status: 400, message: 'Недопустимый тип файла' },
  file_too_large: { status: 413, message: 'Файл больше 100 МБ' },
  upload_quota_exceeded: { status: 413, message: 'Превышен объём загруженных, но не приложенных файлов' },
  range_not_satisfiable: { status: 416, message: 'Запрошенная часть файла выходит за его конец' },
  too_many_requests: { status: 429, message: 'Слишком много запросов. Попробуйте позже.' },
  internal_error: { status: 500, message: 'Внутренняя ошибка сервера. Попробуйте позже.' },
  not_implemented: { status: 501, message: 'Эта функция портала ещё не реализована' },
  service_unavailable: { status: 503, message: 'Сервис временно недоступен. Попробуйте позже.' },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

export interface ApiErrorOptions {
  /** A more precise Russian message than the catalogue's default. */
  message?: string;
  /** Extra body fields the contract's `Error` allows (`attempts_left`). */
  extra?: Omit<ApiErrorBody, 'error' | 'message'>;
  headers?: Record<string, string>;
}

/** An error the API answers with as `{ error, message, ...extra }`; anything else becomes a 500 with no details. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly extra: Omit<ApiErrorBody, 'error' | 'message'>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? ERRORS[code].message);
    this.statusCode = ERRORS[code].status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  get body(): ApiErrorBody {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

/** A 400 about one field of the request: forms show `message` next to that field. */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError('validation_error', { message, extra: { field } });
}

/** Shorthand: `throw apiError('not_found')`, `throw apiError('validation_error', 'Укажите ФИО')`. */
export function apiError(code: ErrorCode, message?: string): ApiError {
  return new ApiError(code, message === undefined ? {} : { message });
}
