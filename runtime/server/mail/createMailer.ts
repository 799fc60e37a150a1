import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  /** Copy recipients (comma-separated addresses). */
  cc?: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  /** Files sent with the message (e.g. the NF-e XML and its DANFE). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends mail through SMTP_URL with nodemailer; without it, writes each message as an .eml file
 * under mailDir (nodemailer's stream transport) so a newcomer can read the reset link.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  mailDir: string;
  from?: string;
  log?: (message: string) => void;
}): Mailer {
  const from = options.from ?? 'ERP <nao-responda@erp.local>';
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(options.mailDir, { recursive: true });
      const file = join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log?.(`e-mail para ${message.to} gravado em ${file}`);
    },
  };
}
