import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface CodeMessage {
  to: string;
  code: string;
  purpose: string;
  channel: 'email' | 'sms';
}

/** Delivers verification codes. Pluggable: a development outbox by default, SMTP when configured. */
export interface Notifier {
  send(message: CodeMessage, time: number): Promise<void>;
}

/**
 * Appends one JSON object per message to `outbox.jsonl` (`to`, `code`, `purpose`, `time`), so a
 * newcomer and the tests can read the codes. Writes are chained so lines never interleave.
 */
export class FileOutboxNotifier implements Notifier {
  private pending: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  send(message: CodeMessage, time: number): Promise<void> {
    const line =
      JSON.stringify({ to: message.to, code: message.code, purpose: message.purpose, channel: message.channel, time }) +
      '\n';
    this.pending = this.pending.then(async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      await appendFile(this.file, line, { encoding: 'utf8', mode: 0o600 });
    });
    return this.pending;
  }
}

/** Email through SMTP. Phone codes still go to the outbox: no SMS provider is configured in Kestrel yet. */
export class SmtpNotifier implements Notifier {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly smsFallback: Notifier,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: CodeMessage, time: number): Promise<void> {
    if (message.channel === 'sms') return this.smsFallback.send(message, time);
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: `Your Kestrel code: ${message.code}`,
      text: `Your verification code is ${message.code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
    });
  }
}
