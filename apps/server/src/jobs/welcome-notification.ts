import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { createNotification } from '../modules/notifications/notifications.service.ts';
import { JOBS } from './job-names.ts';
import type { JobDefinition } from './queue.ts';

const payload = z.object({ userId: z.string().min(1) });

/** Greets a new account. Runs on the queue; the dedupe key makes a retry harmless. */
export function welcomeNotificationJob(ctx: () => AppContext): JobDefinition<z.infer<typeof payload>> {
  return {
    name: JOBS.welcomeNotification,
    parse: (data) => payload.parse(data),
    handle: async ({ userId }) => {
      await createNotification(ctx(), {
        userId,
        title: 'Bem-vindo ao Viabiliza!',
        message:
          'Sua conta está pronta. Preencha o questionário do imóvel e envie os documentos para a sua primeira análise de viabilidade.',
        type: 'success',
        dedupeKey: `welcome:${userId}`,
      });
    },
  };
}
