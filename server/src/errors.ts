/** An error the API answers with as `{ error, message, ...extra }`; anything else becomes a 500 with no details. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

export const unauthorized = () => new ApiError(401, 'unauthorized', 'Требуется вход в систему');
export const notFound = (message = 'Не найдено') => new ApiError(404, 'not_found', message);
