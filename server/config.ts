import os from 'node:os';
import path from 'node:path';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/statement-timeout.ts';
import { appRoot } from './lib/entry-points.ts';
import {
  BITRATES,
  ENCODINGS,
  isTranscodeFormat,
  TRANSCODE_FORMATS,
  type TranscodeFormat,
} from './media/ffmpeg.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Absent means the embedded SQLite database in `dataDir`. */
  databaseUrl: string | null;
  mediaStore: 'local' | 's3';
  s3: S3Settings | null;
  /**
   * How audio in a bucket reaches the listener: a 302 to a short-lived signed URL, or through
   * Chorus (`proxy`).
   */
  mediaDelivery: 'redirect' | 'proxy';
  /**
   * The internal location of a proxy in front (nginx) that serves the local media folder: Chorus
   * checks access, then responds with X-Accel-Redirect and the proxy sends the bytes.
   */
  mediaAccelRedirect: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string | null;
  adminPassword: string | null;
  demoCatalog: boolean;
  publicUrl: string;
  secureCookies: boolean;
  logLevel: LogLevel;
  /** The bot check's difficulty: the largest secret number a challenge may hide (tests use less). */
  botCheckMaxNumber: number;
  /** What the in-process caches may hold in all, in MiB (server/lib/cache-budget.ts). */
  cacheMb: number;
  /** How long one database statement of a request may run, in ms; 0: no limit. */
  statementTimeoutMs: number;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): none (false), a hop
   * count, or a list of addresses/CIDRs. Per-IP rate limits depend on it behind a reverse proxy.
   */
  trustProxy: false | number | string;
  /**
   * The key of every keyed hash (one-time codes, CSRF tokens, visitor cookies), from SECRET; absent
   * means a generated one (server/lib/server-secret.ts says where it is stored).
   */
  secret: string | null;
  /** Where the built web app lives; absent in API-only test builds. */
  webDir: string | null;
  transcoding: TranscodeSettings;
}

export interface TranscodeSettings {
  /** FFMPEG_PATH; absent: `ffmpeg` is looked for on PATH. */
  ffmpegPath: string | null;
  /**
   * What a Subsonic `stream` without `format` gets: the original (`raw`) or a transcode to a
   * format at a bit rate (TRANSCODE_DEFAULT, e.g. `opus:128`).
   */
  defaultFormat: 'raw' | TranscodeFormat;
  defaultKbps: number;
  /** What finished transcodes may take on disk in `DATA_DIR/transcodes`, in MiB; 0: none cached. */
  cacheMb: number;
  /** ffmpeg processes running at once; past them a transcode is refused with 429. */
  maxProcesses: number;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** Absent for AWS itself; MinIO, Garage, R2 and the like name theirs. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, profiles, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** A configuration problem that stops start-up with one line naming the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Fits the server's memory budgets with room (docs/operations.md, "Memory and caches"). */
const DEFAULT_CACHE_MB = 72;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function port(env: Env): number {
  const raw = text(env, 'PORT');
  if (raw === null) return 3000;
  if (!/^\d+$/.test(raw) || Number(raw) < 0 || Number(raw) > 65535) {
    throw new ConfigError('PORT', `must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return Number(raw);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  // PostgreSQL's own form for a Unix socket names a user and no host
  // (postgresql://chorus@/chorus?host=/run/postgresql), which URL cannot parse; pg reads it.
  const socketForm = protocols.includes('postgres:') && /^[a-z]+:\/\/[^/?#]*@\//i.test(raw);
  let parsed: URL;
  try {
    parsed = new URL(socketForm ? raw.replace('@/', '@localhost/') : raw);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(', ')}), got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(
      name,
      `must start with ${protocols.join(' or ')}, got "${parsed.protocol}"`,
    );
  }
  return raw;
}

/**
 * PUBLIC_URL without its trailing slash. Chorus is served at the root of its address: the web
 * app's files, its links, the `__Host-` cookies (path /) and the Subsonic cover URLs all start at
 * `/`, so an address with a path (a proxy's `location /music/`) would load a blank page.
 */
function origin(raw: string | null): string | null {
  if (raw === null) return null;
  const parsed = new URL(raw);
  if (parsed.pathname.replace(/\/+$/, '') !== '' || parsed.search || parsed.hash) {
    throw new ConfigError(
      'PUBLIC_URL',
      `must be an address without a path, such as https://music.example.com (Chorus is served at the root of its own host name), got "${raw}"`,
    );
  }
  return raw.replace(/\/+$/, '');
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `must be "on" or "off", got "${raw}"`);
}

function s3Settings(env: Env): S3Settings {
  const bucket = text(env, 'S3_BUCKET');
  if (!bucket) throw new ConfigError('S3_BUCKET', 'is required when MEDIA_STORE is "s3"');
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    const [missing, given] =
      accessKeyId === null
        ? ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
        : ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID'];
    throw new ConfigError(missing, `is required when ${given} is set`);
  }
  return {
    bucket,
    region: text(env, 'S3_REGION') ?? text(env, 'AWS_REGION') ?? 'us-east-1',
    endpoint,
    // Servers other than AWS mostly want the bucket in the path, not in the host name.
    forcePathStyle: onOff(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    credentials:
      accessKeyId !== null && secretAccessKey !== null ? { accessKeyId, secretAccessKey } : null,
  };
}

/**
 * Which peers may tell the client's address in X-Forwarded-For. Only named proxies or a hop
 * count: believing every peer ("on") would let any client pick its own address and so escape
 * every per-address limit.
 */
function trustProxy(env: Env): false | number | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === null) return false;
  const lower = raw.toLowerCase();
  if (['false', 'off', 'no', '0'].includes(lower)) return false;
  if (['true', 'on', 'yes'].includes(lower)) {
    throw new ConfigError(
      'TRUST_PROXY',
      `"${raw}" would believe any client's X-Forwarded-For; give the proxy's address (e.g. 127.0.0.1) or a hop count (e.g. 1)`,
    );
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const parts = raw.split(',').map((part) => part.trim());
  const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;
  if (parts.every((part) => address.test(part))) return parts.join(',');
  throw new ConfigError(
    'TRUST_PROXY',
    `must be off, a hop count, or addresses/CIDRs separated by commas, got "${raw}"`,
  );
}

/** How much disk finished transcodes may take unless TRANSCODE_CACHE_MB says otherwise. */
const DEFAULT_TRANSCODE_CACHE_MB = 1024;

function transcodeSettings(env: Env): TranscodeSettings {
  const raw = (text(env, 'TRANSCODE_DEFAULT') ?? 'raw').toLowerCase();
  const match = /^([a-z0-9]+)(?::(\d+))?$/.exec(raw);
  const format = match?.[1] ?? '';
  const kbps = match?.[2] === undefined ? null : Number(match[2]);
  if (format !== 'raw' && !isTranscodeFormat(format)) {
    throw new ConfigError(
      'TRANSCODE_DEFAULT',
      `must be one of ${['raw', ...TRANSCODE_FORMATS].join(', ')}, optionally with a bit rate (e.g. opus:128), got "${raw}"`,
    );
  }
  if (kbps !== null && (format === 'raw' || !(BITRATES as readonly number[]).includes(kbps))) {
    throw new ConfigError(
      'TRANSCODE_DEFAULT',
      format === 'raw'
        ? 'raw (the original file) takes no bit rate'
        : `the bit rate must be one of ${BITRATES.join(', ')} kbps, got ${kbps}`,
    );
  }
  const cacheRaw = text(env, 'TRANSCODE_CACHE_MB') ?? String(DEFAULT_TRANSCODE_CACHE_MB);
  if (!/^\d+$/.test(cacheRaw) || Number(cacheRaw) > 10_000_000) {
    throw new ConfigError(
      'TRANSCODE_CACHE_MB',
      `must be a whole number of MiB from 0 (keep none) to 10000000, got "${cacheRaw}"`,
    );
  }
  // Each ffmpeg keeps about one core busy only while it runs ahead of its listener.
  const processesRaw =
    text(env, 'TRANSCODE_MAX_PROCESSES') ?? String(2 * os.availableParallelism());
  if (!/^\d+$/.test(processesRaw) || Number(processesRaw) < 1 || Number(processesRaw) > 1000) {
    throw new ConfigError(
      'TRANSCODE_MAX_PROCESSES',
      `must be a whole number from 1 to 1000, got "${processesRaw}"`,
    );
  }
  return {
    ffmpegPath: text(env, 'FFMPEG_PATH'),
    defaultFormat: format,
    defaultKbps: kbps ?? ENCODINGS[format === 'raw' ? 'mp3' : format].defaultKbps,
    cacheMb: Number(cacheRaw),
    maxProcesses: Number(processesRaw),
  };
}

/** Reads and validates the environment (README, "Configuration"). */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const listenPort = port(env);
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? './data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);

  const mediaStore = (text(env, 'MEDIA_STORE') ?? 'local').toLowerCase();
  if (mediaStore !== 'local' && mediaStore !== 's3') {
    throw new ConfigError('MEDIA_STORE', `must be "local" or "s3", got "${mediaStore}"`);
  }
  const s3 = mediaStore === 's3' ? s3Settings(env) : null;
  const mediaDelivery = (text(env, 'MEDIA_DELIVERY') ?? 'redirect').toLowerCase();
  if (mediaDelivery !== 'redirect' && mediaDelivery !== 'proxy') {
    throw new ConfigError(
      'MEDIA_DELIVERY',
      `must be "redirect" or "proxy", got "${mediaDelivery}"`,
    );
  }
  const mediaAccelRedirect = text(env, 'MEDIA_ACCEL_REDIRECT');
  if (mediaAccelRedirect !== null && !/^\/([\w.-]+\/)+$/.test(mediaAccelRedirect)) {
    throw new ConfigError(
      'MEDIA_ACCEL_REDIRECT',
      `must be a path that starts and ends with "/", such as /internal-media/, got "${mediaAccelRedirect}"`,
    );
  }

  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = text(env, 'MAIL_FROM') ?? 'Chorus <no-reply@chorus.local>';

  const adminEmail = text(env, 'ADMIN_EMAIL');
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError('ADMIN_EMAIL', `must be an e-mail address, got "${adminEmail}"`);
  }
  const adminPassword = text(env, 'ADMIN_PASSWORD');
  if (adminPassword !== null && adminPassword.length < 10) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 10 characters long');
  }
  // Alone, the password would have no account to go to: the start would make the default one
  // with a random password and this setting would silently do nothing.
  if (adminPassword !== null && adminEmail === null) {
    throw new ConfigError(
      'ADMIN_EMAIL',
      'is required when ADMIN_PASSWORD is set (the administrator that password is for, e.g. admin@chorus.local)',
    );
  }

  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`,
    );
  }

  const botCheckRaw = text(env, 'BOT_CHECK_MAX_NUMBER') ?? '100000';
  if (!/^\d+$/.test(botCheckRaw) || Number(botCheckRaw) < 1 || Number(botCheckRaw) > 10_000_000) {
    throw new ConfigError(
      'BOT_CHECK_MAX_NUMBER',
      `must be a whole number from 1 to 10000000, got "${botCheckRaw}"`,
    );
  }

  const cacheRaw = text(env, 'CACHE_MB') ?? String(DEFAULT_CACHE_MB);
  if (!/^\d+$/.test(cacheRaw) || Number(cacheRaw) > 65_536) {
    throw new ConfigError('CACHE_MB', `must be a whole number from 0 to 65536, got "${cacheRaw}"`);
  }

  const secret = text(env, 'SECRET');
  if (secret !== null && secret.length < 32) {
    throw new ConfigError(
      'SECRET',
      'must be at least 32 characters long (e.g. `openssl rand -hex 32`)',
    );
  }

  const timeoutRaw = text(env, 'STATEMENT_TIMEOUT_MS') ?? String(DEFAULT_STATEMENT_TIMEOUT_MS);
  if (!/^\d+$/.test(timeoutRaw) || Number(timeoutRaw) > 600_000) {
    throw new ConfigError(
      'STATEMENT_TIMEOUT_MS',
      `must be a whole number of milliseconds from 0 (no limit) to 600000, got "${timeoutRaw}"`,
    );
  }

  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const publicUrl =
    origin(url(env, 'PUBLIC_URL', ['http:', 'https:'])) ??
    `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${listenPort}`;

  return {
    host,
    port: listenPort,
    dataDir,
    databaseUrl,
    mediaStore,
    s3,
    mediaDelivery,
    mediaAccelRedirect,
    smtpUrl,
    mailFrom,
    adminEmail,
    adminPassword,
    demoCatalog: onOff(env, 'DEMO_CATALOG', true),
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    logLevel,
    botCheckMaxNumber: Number(botCheckRaw),
    cacheMb: Number(cacheRaw),
    statementTimeoutMs: Number(timeoutRaw),
    trustProxy: trustProxy(env),
    secret,
    webDir: path.join(appRoot, 'dist/web'),
    transcoding: transcodeSettings(env),
  };
}
