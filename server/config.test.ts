import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/chorus');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: path.resolve('/srv/chorus/data'),
      databaseUrl: null,
      mediaStore: 'local',
      smtpUrl: null,
      adminEmail: null,
      adminPassword: null,
      demoCatalog: true,
      publicUrl: 'http://127.0.0.1:3000',
      secureCookies: false,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it.each([
    ['2', 2],
    ['127.0.0.1, 10.0.0.0/8', '127.0.0.1,10.0.0.0/8'],
    ['loopback', 'loopback'],
  ])('reads TRUST_PROXY=%s', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/chorus',
        DATABASE_URL: 'postgres://u:p@db:5432/chorus',
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Music <m@example.com>',
        ADMIN_EMAIL: 'Boss@Example.com',
        ADMIN_PASSWORD: 'a-long-password',
        DEMO_CATALOG: 'off',
        PUBLIC_URL: 'https://music.example.com/',
        LOG_LEVEL: 'debug',
        SECRET: 'x'.repeat(40),
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/chorus',
      databaseUrl: 'postgres://u:p@db:5432/chorus',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Music <m@example.com>',
      adminEmail: 'Boss@Example.com',
      demoCatalog: false,
      publicUrl: 'https://music.example.com',
      secureCookies: true,
      logLevel: 'debug',
      secret: 'x'.repeat(40),
    });
  });

  it.each([
    'postgresql://chorus@/chorus?host=/var/run/postgresql',
    'postgresql:///chorus?host=/var/run/postgresql',
    'POSTGRESQL://chorus@/chorus?host=/var/run/postgresql',
    'postgres://chorus:secret@db.internal:5433/chorus?sslmode=require',
  ])('takes PostgreSQL URLs in their documented forms, as given: %s', (databaseUrl) => {
    expect(loadConfig({ DATABASE_URL: databaseUrl }).databaseUrl).toBe(databaseUrl);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/chorus' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://chorus@?host=/var/run/postgresql' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'smtp://user:secret@/' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'https://user@/' }, 'PUBLIC_URL'],
    [{ MEDIA_STORE: 'ftp' }, 'MEDIA_STORE'],
    [{ MEDIA_STORE: 's3' }, 'S3_BUCKET'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    [{ MEDIA_DELIVERY: 'carrier-pigeon' }, 'MEDIA_DELIVERY'],
    [{ MEDIA_ACCEL_REDIRECT: 'internal-media' }, 'MEDIA_ACCEL_REDIRECT'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    // Alone it would be ignored: the default administrator got a random password instead.
    [{ ADMIN_PASSWORD: 'a-long-password' }, 'ADMIN_EMAIL'],
    [{ DEMO_CATALOG: 'maybe' }, 'DEMO_CATALOG'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    // The web app, its cookies and the Subsonic cover URLs start at /: a path cannot work.
    [{ PUBLIC_URL: 'https://example.com/music' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://example.com/?x=1' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'everyone!' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'on' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ BOT_CHECK_MAX_NUMBER: 'hard' }, 'BOT_CHECK_MAX_NUMBER'],
    [{ SECRET: 'too-short' }, 'SECRET'],
    [{ TRANSCODE_DEFAULT: 'wav' }, 'TRANSCODE_DEFAULT'],
    [{ TRANSCODE_DEFAULT: 'mp3:100' }, 'TRANSCODE_DEFAULT'],
    [{ TRANSCODE_DEFAULT: 'raw:128' }, 'TRANSCODE_DEFAULT'],
    [{ TRANSCODE_DEFAULT: 'mp3 -f' }, 'TRANSCODE_DEFAULT'],
    [{ TRANSCODE_CACHE_MB: '-1' }, 'TRANSCODE_CACHE_MB'],
    [{ TRANSCODE_CACHE_MB: 'lots' }, 'TRANSCODE_CACHE_MB'],
    [{ TRANSCODE_MAX_PROCESSES: '0' }, 'TRANSCODE_MAX_PROCESSES'],
  ])('refuses %o naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message.startsWith(`${variable}: `)).toBe(true);
    expect((error as ConfigError).message).not.toContain('\n');
  });

  it('reads the transcoding settings: the original by default, a format at its own rate or one named', () => {
    expect(loadConfig({}).transcoding).toMatchObject({
      ffmpegPath: null,
      defaultFormat: 'raw',
      cacheMb: 1024,
    });
    expect(loadConfig({ TRANSCODE_DEFAULT: 'Opus' }).transcoding).toMatchObject({
      defaultFormat: 'opus',
      defaultKbps: 128,
    });
    const set = loadConfig({
      TRANSCODE_DEFAULT: 'mp3:192',
      TRANSCODE_CACHE_MB: '0',
      TRANSCODE_MAX_PROCESSES: '3',
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
    }).transcoding;
    expect(set).toEqual({
      ffmpegPath: '/opt/ffmpeg/bin/ffmpeg',
      defaultFormat: 'mp3',
      defaultKbps: 192,
      cacheMb: 0,
      maxProcesses: 3,
    });
  });

  it('reads S3 settings: path style by default with an endpoint, AWS_REGION as a fallback', () => {
    const minio = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'music',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(minio.s3).toEqual({
      bucket: 'music',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(minio.mediaDelivery).toBe('redirect');
    const aws = loadConfig({ MEDIA_STORE: 'S3', S3_BUCKET: 'music', AWS_REGION: 'eu-west-3' });
    expect(aws.s3).toMatchObject({ region: 'eu-west-3', forcePathStyle: false, credentials: null });
    expect(loadConfig({ MEDIA_DELIVERY: 'Proxy' }).mediaDelivery).toBe('proxy');
    expect(loadConfig({ MEDIA_ACCEL_REDIRECT: '/internal-media/' }).mediaAccelRedirect).toBe(
      '/internal-media/',
    );
  });
});
