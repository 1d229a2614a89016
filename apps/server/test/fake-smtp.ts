import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server on 127.0.0.1 (the `smtp-server` package, which speaks the real protocol: EHLO,
 * AUTH PLAIN/LOGIN, MAIL FROM, RCPT TO, DATA) that parses what it receives with `mailparser`.
 * `refuse(code, text)` makes it reject the next messages; `received` holds the parsed ones.
 */
export interface FakeSmtp {
  url: string;
  port: number;
  received: ParsedMail[];
  /** Envelope senders and recipients of each message, in order. */
  envelopes: { from: string; to: string[] }[];
  /** Reject messages with this SMTP reply until refuse(null). */
  refuse(reply: { code: number; text: string } | null): void;
  /** Resolves when `count` messages in all have been received. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeSmtp(options: { user?: string; pass?: string } = {}): Promise<FakeSmtp> {
  const received: ParsedMail[] = [];
  const envelopes: { from: string; to: string[] }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let refusal: { code: number; text: string } | null = null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusal) {
          const err = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            envelopes.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            });
            for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
            callback();
          })
          .catch((e: Error) => callback(e));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const auth = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    port,
    received,
    envelopes,
    refuse(reply) {
      refusal = reply;
    },
    waitFor(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
