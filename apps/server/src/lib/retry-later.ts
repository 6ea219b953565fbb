import type { FastifyReply } from 'fastify';
import { AppError } from './app-error.ts';

/** A refusal by a budget (429) that knows when the same call may succeed. */
export class RetryLater extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/** Runs a route's work; a RetryLater it throws leaves with its Retry-After header. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RetryLater) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

export const secondsFrom = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
