import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Logger } from '../logger.ts';

export type MailKind =
  | 'verify-email'
  | 'reset-password'
  | 'existing-account'
  | 'usage-alert'
  | 'privacy-removal';

export type Mail = { to: string; subject: string; text: string; html?: string; kind: MailKind };

export type Mailer = {
  /** Stores the mail in the outbox and, with SMTP configured, delivers it. Never throws for delivery errors. */
  send(mail: Mail): Promise<void>;
};

/**
 * The one way the product sends e-mail. Every mail is written to `mail_outbox` first; with SMTP_URL it is then
 * delivered and marked sent, without it the outbox is the mailbox (readable at /dev/mailbox outside
 * production). The log names the mail but never prints its body: links in it carry single-use tokens.
 */
export function createMailer(options: { db: Db; config: Config; logger: Logger }): Mailer {
  const { db, config, logger } = options;
  const { smtpUrl } = config.mail;
  // nodemailer is loaded on the first mail, and only when there is an SMTP server to talk to.
  let transport: Promise<Transporter> | null = null;
  const smtp = () => {
    transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl ?? ''));
    return transport;
  };
  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: mail.to.toLowerCase(),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          kind: mail.kind,
        })
        .returning({ id: mailOutbox.id });
      if (!row) return;
      if (!smtpUrl) {
        const where =
          config.env === 'production'
            ? 'the mail_outbox table (set SMTP_URL to deliver mail)'
            : `${config.publicUrl}/dev/mailbox`;
        logger.info(
          { mailId: row.id, to: mail.to, kind: mail.kind },
          `mail "${mail.subject}" stored; read it in ${where}`,
        );
        return;
      }
      try {
        await (await smtp()).sendMail({ from: config.mail.from, ...mail });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
        logger.info({ mailId: row.id, kind: mail.kind }, 'mail sent');
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await db.update(mailOutbox).set({ error: message }).where(eq(mailOutbox.id, row.id));
        logger.error({ mailId: row.id, kind: mail.kind, error: message }, 'mail delivery failed');
      }
    },
  };
}
