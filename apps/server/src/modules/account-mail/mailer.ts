import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '@viabiliza/db/client';
import { maskEmail, type MailKind } from '@viabiliza/contracts/account-mail';
import { insertOutboxMessage, setOutboxStatus } from './account-mail.repository.ts';

export interface OutgoingMail {
  userId: string | null;
  kind: MailKind;
  to: string;
  subject: string;
  /** The text, without the link: the link follows on a line of its own. */
  text: string;
  link: string | null;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (SMTP_URL); absent: the outbox table is the delivery. */
  smtpUrl?: string;
  /** The From header (MAIL_FROM). */
  from: string;
}

/** How long a mail server may take to answer before the message is marked failed. */
const SMTP_TIMEOUT_MS = 10_000;

/** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
function smtpTransport(url: string): Transporter {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
}

/**
 * Sends account e-mail. Every message is a row of `mail_outbox`. Without SMTP_URL that row is the
 * delivery (an admin reads the message and opens its link on /admin), so `npm start` needs no mail
 * server; with SMTP_URL nodemailer sends it and the row keeps no link (a link is a credential).
 * The log says a message was queued or sent, never its link.
 */
export class Mailer {
  private transport: Transporter | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: MailerOptions,
  ) {}

  get delivery(): 'outbox' | 'smtp' {
    return this.options.smtpUrl ? 'smtp' : 'outbox';
  }

  async send(mail: OutgoingMail, log: FastifyBaseLogger): Promise<void> {
    const delivery = this.delivery;
    const id = await insertOutboxMessage(this.db, {
      userId: mail.userId,
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      link: delivery === 'outbox' ? mail.link : null,
      delivery,
      status: 'queued',
    });
    const logged = { mailId: id, kind: mail.kind, to: maskEmail(mail.to), delivery };
    if (delivery === 'outbox') {
      log.info(logged, 'e-mail na caixa de saída (sem SMTP_URL): o link está em /admin');
      return;
    }
    try {
      this.transport ??= smtpTransport(this.options.smtpUrl!);
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.link ? `${mail.text}\n\n${mail.link}\n` : mail.text,
      });
      await setOutboxStatus(this.db, id, 'sent', null);
      log.info(logged, 'e-mail enviado');
    } catch (err) {
      // The person is told the same either way (a reset must not reveal accounts); the admin sees
      // 'failed' on /admin and the reason in the log.
      await setOutboxStatus(this.db, id, 'failed', err instanceof Error ? err.message.slice(0, 500) : 'erro desconhecido');
      log.error({ ...logged, err }, 'e-mail não enviado');
    }
  }

  close(): void {
    this.transport?.close();
  }
}
