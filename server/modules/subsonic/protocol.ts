import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/** The Subsonic API version Chorus speaks, and how it names itself to apps. */
export const API_VERSION = '1.16.1';
export const SERVER_TYPE = 'chorus';
export const SERVER_VERSION = '1.0.0';
const NAMESPACE = 'http://subsonic.org/restapi';

/** The Subsonic error codes Chorus answers with (always with HTTP 200, as apps expect). */
export const CODES = {
  generic: 0,
  missingParameter: 10,
  wrongCredentials: 40,
  tokenNotSupported: 41,
  mechanismNotSupported: 42,
  conflictingMechanisms: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'SubsonicError';
  }
}

export const missing = (name: string) =>
  new SubsonicError(CODES.missingParameter, `Required parameter is missing: ${name}`);

/** The errors Chorus's services throw, in Subsonic's codes. */
export function asSubsonicError(error: unknown): SubsonicError | null {
  if (error instanceof SubsonicError) return error;
  if (!(error instanceof AppError)) return null;
  const code =
    error.statusCode === 404
      ? CODES.notFound
      : error.statusCode === 403
        ? CODES.notAuthorized
        : error.statusCode === 401
          ? CODES.wrongCredentials
          : error.statusCode === 400 || error.statusCode === 409 || error.statusCode === 422
            ? CODES.missingParameter
            : CODES.generic;
  return new SubsonicError(code, error.message);
}

/**
 * A response's payload as a tree both formats are written from: primitives are XML attributes,
 * arrays repeated elements, objects child elements, and `value` an element's text (the JSON
 * form keeps it as `value`, as the Subsonic JSON API does). Keys keep the schema's order.
 */
export type Node = { [key: string]: Field };
export type Field = string | number | boolean | undefined | Node | Node[] | number[];

/** The parameters of a call: query and form body together, each name with all its values. */
export class Params {
  constructor(private readonly values: Map<string, string[]>) {}

  static from(...sources: unknown[]): Params {
    const values = new Map<string, string[]>();
    for (const source of sources) {
      if (!source || typeof source !== 'object') continue;
      for (const [name, value] of Object.entries(source)) {
        const list = values.get(name) ?? [];
        for (const one of [value].flat()) if (typeof one === 'string') list.push(one);
        values.set(name, list);
      }
    }
    return new Params(values);
  }

  /** The first value, or undefined when absent. */
  get(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }

  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') throw missing(name);
    return value;
  }

  /** An id parameter: Chorus's ids are positive integers; any other text names nothing. */
  id(name = 'id'): number {
    return toId(this.required(name));
  }

  ids(name: string): number[] {
    return this.all(name).map(toId);
  }

  /** An integer clamped to [min, max], `fallback` when absent or not a number. */
  int(name: string, fallback: number, min: number, max: number): number {
    const value = Number.parseInt(this.get(name) ?? '', 10);
    if (!Number.isFinite(value)) return fallback;
    return Math.min(max, Math.max(min, value));
  }

  flag(name: string): boolean | undefined {
    const value = this.get(name);
    return value === undefined ? undefined : value === 'true' || value === '1';
  }
}

export function toId(text: string): number {
  const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new SubsonicError(CODES.notFound, `Not found: ${text.slice(0, 40)}`);
  }
  return id;
}

function envelope(status: 'ok' | 'failed') {
  return {
    status,
    version: API_VERSION,
    type: SERVER_TYPE,
    serverVersion: SERVER_VERSION,
    openSubsonic: true,
  };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  // Characters XML 1.0 cannot carry at all are dropped rather than sent broken.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

function xmlElement(name: string, node: Node): string {
  let attributes = '';
  let children = '';
  let text = '';
  for (const [key, field] of Object.entries(node)) {
    if (field === undefined) continue;
    if (key === 'value' && typeof field !== 'object') text = escapeXml(String(field));
    else if (Array.isArray(field)) {
      for (const item of field) {
        children += typeof item === 'object' ? xmlElement(key, item) : `<${key}>${item}</${key}>`;
      }
    } else if (typeof field === 'object') children += xmlElement(key, field);
    else attributes += ` ${key}="${escapeXml(String(field))}"`;
  }
  const body = text + children;
  return body ? `<${name}${attributes}>${body}</${name}>` : `<${name}${attributes}/>`;
}

/**
 * Drops undefined fields so JSON responses hold only what is known. An element that holds only
 * text (`{ value }`, e.g. `biography`) is its text in JSON, as Subsonic's JSON writes it.
 */
function jsonOf(node: Node): unknown {
  const keys = Object.keys(node).filter((key) => node[key] !== undefined);
  if (keys.length === 1 && keys[0] === 'value') return node.value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(node)) {
    if (field === undefined) continue;
    if (Array.isArray(field)) {
      out[key] = field.map((item) => (typeof item === 'object' ? jsonOf(item) : item));
    } else if (typeof field === 'object') out[key] = jsonOf(field);
    else out[key] = field;
  }
  return out;
}

export type Format = 'xml' | 'json';

/** XML unless the app asks for JSON (`f=json`); Amperfy and DSub never do. */
export function formatOf(params: Params): Format {
  return params.get('f') === 'json' ? 'json' : 'xml';
}

/** The text of a response (or a refusal) in the asked format. */
export function responseText(format: Format, payload: Node | SubsonicError): string {
  const body: Node =
    payload instanceof SubsonicError
      ? { ...envelope('failed'), error: { code: payload.code, message: payload.message } }
      : { ...envelope('ok'), ...payload };
  if (format === 'json') return JSON.stringify({ 'subsonic-response': jsonOf(body) });
  const xml = xmlElement('subsonic-response', { xmlns: NAMESPACE, ...body });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

/** Sends a response in the asked format, always with HTTP 200. */
export function sendResponse(
  reply: FastifyReply,
  format: Format,
  payload: Node | SubsonicError,
): FastifyReply {
  return reply
    .status(200)
    .header('cache-control', 'no-store')
    .header(
      'content-type',
      format === 'json' ? 'application/json; charset=utf-8' : 'text/xml; charset=utf-8',
    )
    .send(responseText(format, payload));
}
