/**
 * For the browser tests only (playwright.config.ts runs it before the server, on the run's fresh
 * data directory): an account with one analysis saved as an older version of Viabiliza saved it — a
 * v1 result, a CEP written with a dash, no run — the rows an upgraded installation holds and no code
 * path of today writes. `e2e/what-if.spec.ts` opens 'Simular cenário' on it.
 *
 * tsx apps/server/scripts/seed-older-analysis.ts <email> <password>   (DATA_DIR from the environment)
 */
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type { AnalysisResult } from '@viabiliza/contracts/analysis-result';
import { openDatabase } from '@viabiliza/db/client';
import { lockDataDir } from '@viabiliza/db/data-dir-lock';
import { account, properties, propertyAnalyses, user } from '@viabiliza/db/schema';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import v1 from '../../../packages/contracts/src/__fixtures__/analysis-result-v1.json' with { type: 'json' };
import { migrationsFolder } from '../src/bootstrap.ts';

async function main([email, password]: string[]) {
  if (!email || !password) throw new Error('uso: seed-older-analysis.ts <email> <senha>');
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const release = lockDataDir(dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    await database.migrate(migrationsFolder());
    const db = database.db;
    const userId = randomUUID();
    await db.insert(user).values({ id: userId, name: 'Investidor Antigo', email, emailVerified: true });
    await db.insert(account).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: await hashPassword(password) });
    const [property] = await db
      .insert(properties)
      .values({ userId, title: 'Imóvel antigo', address: 'Rua Cardeal Arcoverde, 1.500', city: 'São Paulo', state: 'SP', status: 'analyzed', questionnaire: { ...EXAMPLE_PROPERTIES[0]!.questionnaire, zipCode: '05407-002' } })
      .returning({ id: properties.id });
    await db.insert(propertyAnalyses).values({ userId, propertyId: property!.id, analysisType: 'complete', providerUsed: 'local', resultContent: '# Relatório', result: v1 as unknown as AnalysisResult, viabilityScore: 6.3 });
  } finally {
    await database.close();
    release();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
