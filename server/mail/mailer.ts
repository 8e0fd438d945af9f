import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sends through an SMTP server (SMTP_URL). */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  /** nodemailer loads with the first mail: a server can run for days without sending one. */
  private connect(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.url),
    );
    return this.transport;
  }

  async send(message: MailMessage): Promise<void> {
    const transport = await this.connect();
    await transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}

/** Without SMTP the mail goes to the server log, so a fresh install can still log in. */
export class LogMailer implements Mailer {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: MailMessage): Promise<void> {
    this.log.info({ to: message.to, subject: message.subject }, `mail: ${message.text}`);
  }

  close(): void {}
}

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  return options.smtpUrl
    ? new SmtpMailer(options.smtpUrl, options.from)
    : new LogMailer(options.log);
}
