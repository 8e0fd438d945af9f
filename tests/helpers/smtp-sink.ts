import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests: Chorus sends through it with nodemailer, and every message is
 * written to `dir` as `<recipient>-<time>.eml`, where test processes can read it.
 */
export async function startSmtpSink(
  dir: string,
): Promise<{ port: number; close(): Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()).join(',');
        const file = path.join(
          dir,
          `${to}-${Date.now()}-${Math.random().toString(36).slice(2)}.eml`,
        );
        fs.writeFileSync(file, Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The newest message sent to `to` after `since` (ms), decoded from quoted-printable. */
export function latestMail(dir: string, to: string, since = 0): string | null {
  if (!fs.existsSync(dir)) return null;
  const prefix = `${to.toLowerCase()}-`;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .map((name) => ({ name, time: Number(name.slice(prefix.length).split('-')[0]) }))
    .filter((file) => file.time >= since)
    .sort((a, b) => b.time - a.time);
  const newest = files[0];
  if (!newest) return null;
  return fs
    .readFileSync(path.join(dir, newest.name), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
