import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.ts';

export interface ReceivedMail {
  /** Envelope sender and recipients, as the SMTP client gave them. */
  from: string;
  to: string[];
  /** Header names in lower case; folded lines unfolded. */
  headers: Record<string, string>;
  /** The decoded body of a single-part message. */
  text: string;
  /** The user the client authenticated as, if it did. */
  user: string | undefined;
  /** Read in full but answered with a temporary failure (see `refuseFirst`): the client will send it again. */
  refused?: true;
  /** When it was received (ms since the epoch): a benchmark's delivery rate is read from these. */
  at: number;
}

export interface SmtpPeer {
  /** SMTP_URL pointing at this server. */
  url: string;
  received: ReceivedMail[];
  /** How many SMTP connections clients opened (a pooled client reuses a few for many mails). */
  readonly connections: number;
  /** The mails sent to an address (in any letter case), oldest first. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { headers, text };
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: the peer the mailer talks to in tests.
 * With credentials, it refuses clients that do not authenticate with them. It answers the first
 * `refuseFirst` messages with a temporary failure after reading them, as a server that took a
 * message but whose reply was lost.
 */
export async function startSmtpPeer(
  credentials?: { user: string; pass: string },
  options: { refuseFirst?: number } = {},
): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let toRefuse = options.refuseFirst ?? 0;
  let connections = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS to negotiate with a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !credentials,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const refused = toRefuse > 0;
        received.push({
          at: Date.now(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          headers,
          text,
          user: typeof session.user === 'string' ? session.user : undefined,
          ...(refused ? { refused: true as const } : {}),
        });
        if (refused) {
          toRefuse -= 1;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        // Acknowledged only once stored: when the mailer's send resolves, the mail is here.
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A client that dies mid-conversation (a crash test kills the server process) resets its
  // connection: the server reports it as an error, which a real mail server logs and carries on from.
  server.on('error', () => undefined);
  const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    get connections() {
      return connections;
    },
    to: (address) => received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail | undefined): string {
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no six-digit code in ${JSON.stringify(mail?.text)}`);
  return code;
}
