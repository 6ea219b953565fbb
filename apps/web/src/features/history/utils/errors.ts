import { ApiError } from '@/lib/api-client';

/** 404, or an id that is not even a uuid (400): to the person, the analysis or property is not there. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
