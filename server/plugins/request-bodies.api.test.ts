import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { createUser, type TestUser } from '../../tests/helpers/factories.ts';
import { multipart } from '../../tests/helpers/multipart.ts';
import { BODY_LIMITS } from './request-bodies.ts';

/** A JSON body of about `bytes` bytes. */
const jsonOf = (bytes: number) =>
  JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(bytes) });

interface Exchange {
  /** Everything the server sent, as text (bodies here are JSON). */
  received: string;
  /** Whether the server ended the connection. */
  closed: boolean;
}

/**
 * Sends `request` on a raw connection, then `next` on the same connection once an answer has
 * come, and collects what comes back until the server closes or `ms` pass.
 */
function exchange(port: number, request: Buffer, next: string, ms = 3000): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sentNext = false;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ received, closed });
    };
    const timer = setTimeout(() => finish(false), ms);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (!sentNext && /\r\n\r\n/.test(received)) {
        sentNext = true;
        socket.write(next, () => {});
      }
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    // The server may close while the rest of a refused body is still being sent.
    socket.on('error', () => {});
    socket.write(request, () => {});
  });
}

const health = 'GET /api/health HTTP/1.1\r\nhost: x\r\n\r\n';

describe('request bodies', () => {
  let t: TestContext;
  let admin: TestUser;
  let listener: TestUser;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.deps, { role: 'admin' });
    listener = await createUser(t.deps);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('are small on routes anyone may call: past the limit, a 413 before anything is checked', async () => {
    for (const url of ['/api/auth/logout', '/api/auth/loginWithPass', '/api/auth/sendOTP']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: jsonOf(BODY_LIMITS.public + 1),
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json()).toEqual({ message: 'The request body is too large' });
    }
    const fits = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginWithPass',
      headers: { 'content-type': 'application/json' },
      payload: jsonOf(BODY_LIMITS.public - 100),
    });
    expect(fits.statusCode).not.toBe(413);
  });

  it('are bounded on signed-in routes too', async () => {
    const send = (bytes: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/addPlaylist',
        headers: { authorization: `Bearer ${listener.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Mix', description: 'x'.repeat(bytes) }),
      });
    expect((await send(BODY_LIMITS.listener + 1)).statusCode).toBe(413);
    expect((await send(1000)).statusCode).not.toBe(413);
  });

  it('refused unread close the connection, so the next request is not lost', async () => {
    // Announces a megabyte and sends a few bytes of it.
    const announced = Buffer.from(
      'POST /api/auth/logout HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
        'content-length: 1000000\r\n\r\n{"a":"',
    );
    const json = await exchange(port, announced, health);
    expect(json.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(json.received).toMatch(/\r\nconnection: close\r\n/i);
    expect(json.closed).toBe(true);
  });

  it('after an oversized upload, the connection closes with the 413', async () => {
    const form = multipart({
      name: 'Big',
      description: 'Too big an image',
      imageFile: { filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(6 << 20) },
    });
    const head =
      'POST /api/admin/addArtist HTTP/1.1\r\nhost: x\r\nconnection: keep-alive\r\n' +
      `authorization: Bearer ${admin.token}\r\ncontent-type: ${form.headers['content-type']}\r\n` +
      `content-length: ${form.payload.length}\r\n\r\n`;
    const upload = await exchange(port, Buffer.concat([Buffer.from(head), form.payload]), health);
    expect(upload.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.received).toMatch(/\r\nconnection: close\r\n/i);
    expect(upload.closed).toBe(true);
  });

  it('read to their end keep the connection for the next request', async () => {
    const body = '{}';
    const request = Buffer.from(
      'POST /api/auth/logout HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
        `content-length: ${body.length}\r\n\r\n${body}`,
    );
    const reused = await exchange(port, request, health, 1500);
    expect(reused.received.match(/HTTP\/1\.1 /g)).toHaveLength(2);
    expect(reused.received).toMatch(/"status"/);
  });
});
