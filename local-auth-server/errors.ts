import { randomUUID } from 'node:crypto';

/** A GoTrue HTTPError: HTTP status, machine-readable code, human message. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** GoTrue's WeakPasswordError: always 422, carries the reasons the client shows. */
export class WeakPasswordError extends Error {
  override name = 'WeakPasswordError';
  readonly reasons: readonly string[];

  constructor(message: string, reasons: readonly string[]) {
    super(message);
    this.reasons = reasons;
  }
}

/** GoTrue's OAuthError: always 400 `{error, error_description}`, whatever the API version. */
export class OAuthError extends Error {
  override name = 'OAuthError';
  readonly error: string;

  constructor(error: string, description: string) {
    super(description);
    this.error = error;
  }
}

/** An error the API gateway (Kong) answers itself, in its own body shape. */
export class GatewayError extends Error {
  override name = 'GatewayError';
  readonly status: number;
  readonly hint: string;

  constructor(status: number, message: string, hint: string) {
    super(message);
    this.status = status;
    this.hint = hint;
  }
}

/** Shorthand for the 400 validation_failed errors GoTrue uses for most bad input. */
export function validationFailed(message: string): ApiError {
  return new ApiError(400, 'validation_failed', message);
}

/** GoTrue's answer when an address another user holds is asked for. */
export function emailExists(): ApiError {
  return new ApiError(
    422,
    'email_exists',
    'A user with this email address has already been registered',
  );
}

/** GoTrue's answer for a route that does not exist (or an admin route behind the admin check). */
export function notFound(): ApiError {
  return new ApiError(404, 'not_found', 'Not Found');
}

/** A response about to be written: status, headers and an already serialised body. */
export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';
const UNEXPECTED_MESSAGE = 'Unexpected failure, please check server logs for more information';

/**
 * GoTrue's DetermineClosestAPIVersion: any valid date on or after 2024-01-01 selects the
 * 2024-01-01 error format; a missing, older or malformed value keeps the legacy format.
 */
function usesApiVersion2024(header: string | undefined): boolean {
  if (header === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false;
  return isCalendarDay(header) && header >= API_VERSION_2024;
}

/** Whether YYYY-MM-DD names a day of the (proleptic Gregorian) calendar, as Go's parser checks. */
function isCalendarDay(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return daysInMonth !== undefined && day >= 1 && day <= daysInMonth;
}

/**
 * Serialises any thrown value the way GoTrue's HandleResponseError does, in the format the
 * request's X-Supabase-Api-Version selects. Unknown errors are logged and become a 500
 * unexpected_failure without any detail leaking to the client.
 */
export function renderError(error: unknown, apiVersionHeader: string | undefined): RenderedError {
  if (error instanceof GatewayError) {
    return {
      status: error.status,
      headers: {},
      body: JSON.stringify({ message: error.message, hint: error.hint }),
    };
  }
  const modern = usesApiVersion2024(apiVersionHeader);
  const headers: Record<string, string> = modern ? { [API_VERSION_HEADER]: API_VERSION_2024 } : {};

  if (error instanceof OAuthError) {
    return {
      status: 400,
      headers,
      body: JSON.stringify({ error: error.error, error_description: error.message }),
    };
  }

  if (error instanceof WeakPasswordError) {
    const weak_password = { reasons: error.reasons };
    if (modern) {
      return {
        status: 422,
        headers,
        body: JSON.stringify({ code: 'weak_password', message: error.message, weak_password }),
      };
    }
    return {
      status: 422,
      headers: { ...headers, 'x-sb-error-code': 'weak_password' },
      body: JSON.stringify({
        code: 422,
        error_code: 'weak_password',
        msg: error.message,
        weak_password,
      }),
    };
  }

  const apiError =
    error instanceof ApiError ? error : new ApiError(500, 'unexpected_failure', UNEXPECTED_MESSAGE);
  if (!(error instanceof ApiError)) console.error('local-auth-server: unhandled error', error);
  headers['x-sb-error-code'] = apiError.code;
  if (modern) {
    return {
      status: apiError.status,
      headers,
      body: JSON.stringify({ code: apiError.code, message: apiError.message }),
    };
  }
  return {
    status: apiError.status,
    headers,
    body: JSON.stringify({
      code: apiError.status,
      error_code: apiError.code,
      msg: apiError.message,
      // GoTrue tags server errors with the request id so logs and reports can be matched.
      ...(apiError.status >= 500 ? { error_id: randomUUID() } : {}),
    }),
  };
}
