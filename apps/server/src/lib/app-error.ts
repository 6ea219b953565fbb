import type { ErrorCode } from '@viabiliza/contracts/errors';
import { messageForStatus } from '@viabiliza/contracts/errors';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  RATE_LIMITED: 429,
  DEMO_FAILED: 500,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The one coded error type. The message is the Portuguese text the user sees. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: string[],
  ) {
    super(message ?? messageForStatus(STATUS[code]));
    this.status = STATUS[code];
  }
}

export const notFound = () => new AppError('NOT_FOUND');
