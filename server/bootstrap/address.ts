import net from 'node:net';
import { ListenFailed } from './startup-errors.ts';

/**
 * Fails with ListenFailed when HOST:PORT cannot be listened on now: taken, privileged, or not an
 * address of this machine. The server listens only once the database is migrated, the
 * administrator ensured and the demo catalog made, long into a first start; this tells the
 * operator before any of that. The probe lets the port go at once, so another
 * program may still take it before the server listens, and that listen reports it the same way.
 * Holding the socket from here on would need the app built around a server made beforehand, for
 * a race only a second program started at the same moment can win.
 */
export async function checkAddress(host: string, port: number): Promise<void> {
  // A health check or a browser retrying may connect in the instant the probe listens; closing
  // waits for every connection, so each is ended at once.
  const probe = net.createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ host, port }, resolve);
    });
  } catch (error) {
    throw new ListenFailed(host, port, error);
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
