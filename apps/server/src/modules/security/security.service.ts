import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { browserFromUserAgent, type SecurityCheck, type SecurityReport } from '@viabiliza/contracts/security';
import { RATE_LIMITS, SIGN_IN_PROTECTION } from '@viabiliza/contracts/rate-limits';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { buildInfo, type DependencyAdvisories } from '../admin-console/build-info.ts';
import { MIN_PASSWORD_SCORE, passwordWeakness } from '@viabiliza/contracts/password-rule';
import { findSession, listActiveSessions } from './security.repository.ts';
import { isBackupRecent, latestSuccessfulBackup } from '../backup/backup.service.ts';

/** Headers every answer must carry (helmet); HSTS too when PUBLIC_URL is https. */
const REQUIRED_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

/** A secret of at least 32 characters drawn from at least 16 distinct characters (not 'aaaa…' or a word repeated). */
function secretIsStrong(secret: string): boolean {
  return secret.length >= 32 && new Set(secret).size >= 16;
}

/**
 * The security checks of spec 02 §2, computed from this installation at request time. The header
 * and rate-limit checks ask the app itself (inject), so they see what a browser would receive.
 */
export async function securityReport(ctx: AppContext, app: FastifyInstance): Promise<SecurityReport> {
  const { config } = ctx;
  const checks: SecurityCheck[] = [];
  const add = (c: SecurityCheck) => checks.push(c);

  add(config.adminEmails.length
    ? { id: 'admin_emails', name: 'Administradores definidos', status: 'pass', severity: 'medium', message: `ADMIN_EMAILS define ${config.adminEmails.length} administrador(es).` }
    : { id: 'admin_emails', name: 'Administradores definidos', status: 'warn', severity: 'medium', message: 'ADMIN_EMAILS está vazio: administradores só pela linha de comando (npm run admin -- grant).' });

  add(secretIsStrong(config.authSecret)
    ? { id: 'auth_secret', name: 'Segredo de autenticação', status: 'pass', severity: 'high', message: `AUTH_SECRET com ${config.authSecret.length} caracteres e boa variedade.` }
    : { id: 'auth_secret', name: 'Segredo de autenticação', status: 'fail', severity: 'high', message: 'AUTH_SECRET fraco: use pelo menos 32 caracteres aleatórios.' });

  const url = new URL(config.publicUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  add(url.protocol === 'https:'
    ? { id: 'https', name: 'HTTPS', status: 'pass', severity: 'high', message: `PUBLIC_URL usa HTTPS (${config.publicUrl}).` }
    : { id: 'https', name: 'HTTPS', status: local ? 'warn' : 'fail', severity: 'high', message: `PUBLIC_URL não usa HTTPS (${config.publicUrl})${local ? ': aceitável só em desenvolvimento local' : ''}.` });

  const probe = await app.inject({ url: '/api/health' });
  const required = url.protocol === 'https:' ? [...REQUIRED_HEADERS, 'strict-transport-security'] : REQUIRED_HEADERS;
  const missing = required.filter((h) => !probe.headers[h]);
  add(missing.length
    ? { id: 'security_headers', name: 'Cabeçalhos de segurança', status: 'fail', severity: 'high', message: `Ausentes: ${missing.join(', ')}.` }
    : { id: 'security_headers', name: 'Cabeçalhos de segurança', status: 'pass', severity: 'high', message: `Presentes: ${required.join(', ')}.` });

  const limit = probe.headers['x-ratelimit-limit'];
  add(limit
    ? { id: 'rate_limits', name: 'Limites de requisições', status: 'pass', severity: 'high', message: `Ativos no servidor (leitura: ${String(limit)} por minuto por endereço; login: ${SIGN_IN_PROTECTION.addressFailures} senhas erradas por endereço em 15 min e espera progressiva por conta; ações de segurança do admin ${RATE_LIMITS.adminSecurity.max} por minuto).` }
    : { id: 'rate_limits', name: 'Limites de requisições', status: 'fail', severity: 'high', message: 'A API respondeu sem cabeçalho de limite de requisições.' });

  const verification = Boolean((ctx.auth.options.emailAndPassword as { requireEmailVerification?: boolean } | undefined)?.requireEmailVerification);
  add(verification
    ? { id: 'email_verification', name: 'Verificação de e-mail', status: 'pass', severity: 'medium', message: 'O login exige e-mail verificado.' }
    : { id: 'email_verification', name: 'Verificação de e-mail', status: 'warn', severity: 'medium', message: 'Desativada: contas entram sem confirmar o e-mail (não há envio de e-mail configurado).' });

  const backup = await latestSuccessfulBackup(ctx.db);
  const backupAt = backup?.completedAt.toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
  add(!backup
    ? { id: 'backup', name: 'Backup recente', status: 'fail', severity: 'high', message: 'Nenhum backup concluído: crie um em /backup (o backup automático roda diariamente às 02:00).' }
    : isBackupRecent(backup.completedAt)
      ? { id: 'backup', name: 'Backup recente', status: 'pass', severity: 'high', message: `Último backup concluído em ${backupAt} (${backup.backupName}).` }
      : { id: 'backup', name: 'Backup recente', status: 'fail', severity: 'high', message: `O último backup concluído tem mais de 24 horas (${backupAt}).` });

  add(passwordWeakness('password1')?.reason === 'LEAKED_PASSWORD'
    ? { id: 'leaked_passwords', name: 'Proteção contra senhas vazadas', status: 'pass', severity: 'medium', message: `O cadastro recusa senhas vazadas ou fáceis de adivinhar (zxcvbn, pontuação mínima ${MIN_PASSWORD_SCORE} de 4).` }
    : { id: 'leaked_passwords', name: 'Proteção contra senhas vazadas', status: 'fail', severity: 'medium', message: 'Os dicionários de senhas vazadas não foram carregados.' });

  add(dependencyCheck(buildInfo().advisories ?? null));

  const counts = { pass: 0, warn: 0, fail: 0 };
  for (const c of checks) counts[c.status]++;
  return { checkedAt: new Date().toISOString(), checks, counts };
}

/** The build's `npm audit --omit=dev`: high or critical advisories fail, an audit that could not run warns. */
export function dependencyCheck(advisories: DependencyAdvisories | null): SecurityCheck {
  const base = { id: 'dependencies', name: 'Vulnerabilidades em dependências', severity: 'high' } as const;
  if (!advisories) return { ...base, status: 'warn', message: 'Sem verificação: rodando a partir do código-fonte (o build executa npm audit --omit=dev).' };
  const at = new Date(advisories.checkedAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  if (!advisories.counts) return { ...base, status: 'warn', message: `npm audit não pôde consultar o registro no build de ${at}: ${advisories.error ?? 'sem resposta'}.` };
  const { high = 0, critical = 0, moderate = 0, low = 0 } = advisories.counts;
  if (high + critical > 0) return { ...base, status: 'fail', message: `npm audit no build de ${at}: ${critical} crítica(s), ${high} alta(s). Atualize as dependências.` };
  return { ...base, status: 'pass', message: `npm audit no build de ${at}: nenhuma vulnerabilidade alta ou crítica (${moderate} moderada(s), ${low} baixa(s)).` };
}

export async function activeSessions(ctx: AppContext, request: FastifyRequest) {
  const [rows, current] = await Promise.all([
    listActiveSessions(ctx.db),
    ctx.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }),
  ]);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    userEmail: r.userEmail,
    userName: r.userName,
    browser: browserFromUserAgent(r.userAgent),
    ipAddress: r.ipAddress,
    lastActivity: r.updatedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    current: current?.session.id === r.id,
  }));
}

/** 'Finalizar': deletes the session through Better Auth's admin plugin; that user's next request is 401. */
export async function revokeSession(ctx: AppContext, request: FastifyRequest, actorId: string, sessionId: string) {
  const row = await findSession(ctx.db, sessionId);
  const meta = requestMeta(request);
  if (!row) {
    await audit(ctx.db, request.log, { userId: actorId, action: 'session_revoke', resource: 'session', success: false, details: { sessionId, reason: 'NOT_FOUND' }, ...meta });
    throw notFound();
  }
  try {
    await ctx.auth.api.revokeUserSession({ body: { sessionToken: row.token }, headers: fromNodeHeaders(request.headers) });
  } catch (err) {
    request.log.error({ err }, 'session revoke failed');
    await audit(ctx.db, request.log, { userId: actorId, action: 'session_revoke', resource: 'session', success: false, details: { sessionId, targetUserId: row.userId }, ...meta });
    throw new AppError('INTERNAL', 'Falha ao finalizar sessão');
  }
  // Its open event streams end now, on whichever instance holds them.
  await ctx.events.endSession(row.userId, sessionId);
  await audit(ctx.db, request.log, { userId: actorId, action: 'session_revoke', resource: 'session', success: true, details: { sessionId, targetUserId: row.userId }, ...meta });
  return { id: sessionId, revoked: true as const };
}
