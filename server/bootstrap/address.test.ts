import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../tests/helpers/server-process.ts';
import { checkAddress } from './address.ts';
import { ListenFailed } from './startup-errors.ts';

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
}

describe('checkAddress', () => {
  it('lets a free port go, so the server listens there right after', async () => {
    const port = await freePort();
    await checkAddress('127.0.0.1', port);
    const server = net.createServer();
    await listen(server, port);
    server.close();
  });

  it('names a taken port with HOST and PORT', async () => {
    const taken = net.createServer();
    await listen(taken, 0);
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const failure = await checkAddress('127.0.0.1', port).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ListenFailed);
      expect(String(failure)).toContain(`Cannot listen on 127.0.0.1:${port} (HOST, PORT)`);
    } finally {
      taken.close();
    }
  });
});
