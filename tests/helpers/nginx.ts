import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/dist.mjs';
import { freePort } from './server-process.ts';

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it). */
const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  /** With `direct`: nginx serving the media folder itself, the yardstick of the benchmarks. */
  directUrl: string | null;
  /** nginx's error log so far, for failure messages. */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * The site of docs/nginx.conf as it is, with only its instance addresses, media folder and
 * listening address replaced: a test through it proves the documented site.
 */
export function documentedSite(options: {
  upstreams: string[];
  mediaDir: string;
  port: number;
}): string {
  const site = fs.readFileSync(path.join(ROOT, 'docs/nginx.conf'), 'utf8');
  const servers = options.upstreams
    .map((address) => `    server ${address} max_fails=1 fail_timeout=10s;`)
    .join('\n');
  const replaced = site
    .replace(/( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/, `${servers}\n`)
    .replace(/alias [^;]+;/, `alias ${options.mediaDir.replace(/\/?$/, '/')};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${options.port};`);
  for (const marker of [servers, `alias ${options.mediaDir}`, `listen 127.0.0.1:`]) {
    if (!replaced.includes(marker)) throw new Error(`docs/nginx.conf changed shape: ${marker}`);
  }
  return replaced;
}

/** Runs nginx in the foreground with the documented site, in a folder of its own. */
export async function startNginx(options: {
  upstreams: string[];
  mediaDir: string;
  direct?: boolean;
}): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-nginx-'));
  const port = await freePort();
  const directPort = options.direct ? await freePort() : null;
  const direct =
    directPort === null
      ? ''
      : `server {
    listen 127.0.0.1:${directPort};
    location / { root ${options.mediaDir}; sendfile on; tcp_nopush on; }
  }`;
  const temp = (name: string) => path.join(dir, name);
  const running = process.getuid?.() === 0;
  const conf = `
${running ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${documentedSite({ upstreams: options.upstreams, mediaDir: options.mediaDir, port })}
  ${direct}
}
`;
  fs.writeFileSync(temp('nginx.conf'), conf);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', temp('nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const errors = () =>
    stderr + (fs.existsSync(temp('error.log')) ? fs.readFileSync(temp('error.log'), 'utf8') : '');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at start:\n${errors()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen:\n${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    directUrl: directPort === null ? null : `http://127.0.0.1:${directPort}`,
    errors,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
