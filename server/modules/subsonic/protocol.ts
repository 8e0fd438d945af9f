import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { textBytes } from '../../lib/cache-budget.ts';
import { accepts } from '../../lib/content-coding.ts';
import { AppError } from '../../lib/errors.ts';

/** The Subsonic API version Chorus speaks, and how it names itself to apps. */
export const API_VERSION = '1.16.1';
export const SERVER_TYPE = 'chorus';
export const SERVER_VERSION = '1.0.0';
const NAMESPACE = 'http://subsonic.org/restapi';

/** The Subsonic error codes Chorus responds with (always with HTTP 200, as apps expect). */
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

/**
 * A refusal of HTTP `status`, in Subsonic's codes. A 400 (a parameter missing or out of shape) is
 * the nearest to "required parameter"; a conflict has no code of its own, so its message says it.
 */
export function refusalAsSubsonic(status: number, message: string): SubsonicError {
  const code =
    status === 404
      ? CODES.notFound
      : status === 403
        ? CODES.notAuthorized
        : status === 401
          ? CODES.wrongCredentials
          : status === 400
            ? CODES.missingParameter
            : CODES.generic;
  return new SubsonicError(code, message);
}

/** The errors Chorus's services throw, in Subsonic's codes. */
export function asSubsonicError(error: unknown): SubsonicError | null {
  if (error instanceof SubsonicError) return error;
  if (!(error instanceof AppError)) return null;
  return refusalAsSubsonic(error.statusCode, error.message);
}

/**
 * A response's payload as a tree both formats are written from: primitives are XML attributes,
 * arrays repeated elements, objects child elements, and `value` an element's text (the JSON
 * form keeps it as `value`, as the Subsonic JSON API does). Keys keep the schema's order.
 */
export type Node = { [key: string]: Field };
export type Field =
  | string
  | number
  | boolean
  | undefined
  | Node
  | (Node | FilledNode | OpenEntry)[]
  | number[]
  | Slot;

/**
 * Where a caller's own attribute (e.g. `starred`) goes in a response cached for everyone: written
 * as nothing, its place recorded (see `renderResponse`) and filled per caller by `slotText`. A slot
 * never comes first in its node.
 */
export class Slot {
  constructor(readonly id: number) {}
}

/** A slot's place in a rendered response: `at` is a character offset of its text. */
export interface SlotPlace {
  at: number;
  id: number;
  key: string;
}

/**
 * What is written so far: `text`, with the slots met on the way, after `written`, the bytes of
 * the text before the last entry written as bytes (an `OpenEntry` whose head is UTF-8 already).
 */
interface Output {
  text: string;
  slots: SlotPlace[];
  written: Uint8Array[];
}

const newOutput = (text = ''): Output => ({ text, slots: [], written: [] });

/**
 * A node written once in each format it is asked in, for every response it goes in: an entry of
 * the catalog that many lists show (an album card). Its caller's own attributes are slots,
 * filled per response by `FilledNode`. In XML it is the element `name`. It holds the texts only,
 * not the node they were written from, since many are held (every album card).
 */
export class RenderedNode {
  private readonly outputs: Partial<Record<Format, Output>> = {};

  constructor(private readonly name: string) {}

  /** Writes `node` in `format`, unless it was written in it already. */
  write(format: Format, node: Node): void {
    if (this.outputs[format]) return;
    const out = newOutput();
    if (format === 'json') writeJson(out, node);
    else writeXml(out, this.name, node);
    this.outputs[format] = textOnly(out);
  }

  /** Its text in `format`, which must have been written. */
  output(format: Format): Output {
    const out = this.outputs[format];
    if (!out) throw new Error(`This ${this.name} was not written in ${format}`);
    return out;
  }

  /** Whether its text in `format` was written already. */
  has(format: Format): boolean {
    return this.outputs[format] !== undefined;
  }

  /** The bytes its texts written so far take. */
  get bytes(): number {
    let bytes = 0;
    for (const out of Object.values(this.outputs)) bytes += textBytes(out.text);
    return bytes;
  }
}

/** A rendered node in one response: its slots filled from `values` (by slot id), or left out. */
export class FilledNode {
  constructor(
    readonly rendered: RenderedNode,
    readonly values: ReadonlyMap<number, string>,
  ) {}
}

/**
 * An entry of scalars written ahead in one format up to its end (`openEntryText`), shared by every
 * response it goes in; `tail` holds the fields of one response (the caller's star, the play count
 * now), written after the shared ones. A head held as UTF-8 (a block of the sync order's) goes
 * into the response as it is, never decoded to text and encoded back.
 */
export class OpenEntry {
  constructor(
    readonly head: string | Uint8Array,
    readonly tail: Node,
  ) {}
}

/** `out` as text with its slots, for a node or response whose slots are found by offset. */
function textOnly(out: Output): Output {
  if (out.written.length > 0) throw new Error('A node with slots cannot hold entries as bytes');
  return out;
}

/**
 * The text of `node`, an element `name` of scalars only, in `format`, without its end, so an
 * `OpenEntry` can add fields after it. Fields left undefined are left out, as everywhere.
 */
export function openEntryText(format: Format, name: string, node: Node): string {
  for (const key in node) {
    if (typeof node[key] === 'object' || key === 'value') {
      throw new Error(`An open ${name} holds attributes only`);
    }
  }
  if (format === 'json') return openedText(format, JSON.stringify(node));
  const out = newOutput();
  writeXml(out, name, node);
  return openedText(format, textOnly(out).text);
}

/** The text of a whole element of scalars in `format` without its end, as `openEntryText`. */
export function openedText(format: Format, text: string): string {
  const end = format === 'json' ? '}' : '/>';
  // An element with content ends otherwise, and cut there it would be broken.
  if (!text.endsWith(end)) throw new Error(`Not an element of attributes only: ${text.slice(-20)}`);
  return text.slice(0, -end.length);
}

const OPEN_BRACE = '{'.charCodeAt(0);

function writeOpen(out: Output, format: Format, { head, tail }: OpenEntry): void {
  let first: boolean;
  if (typeof head === 'string') {
    out.text += head;
    first = head.endsWith('{');
  } else {
    out.written.push(Buffer.from(out.text), head);
    out.text = '';
    first = head[head.length - 1] === OPEN_BRACE;
  }
  for (const key in tail) {
    const field = tail[key];
    if (field === undefined || typeof field === 'object') continue;
    if (format === 'json') out.text += `${first ? '' : ','}"${key}":${jsonScalar(field)}`;
    else out.text += ` ${key}="${typeof field === 'string' ? escapeXml(field) : field}"`;
    first = false;
  }
  out.text += format === 'json' ? '}' : '/>';
}

function writeFilled(out: Output, format: Format, { rendered, values }: FilledNode): void {
  const { text, slots } = rendered.output(format);
  let from = 0;
  for (const slot of slots) {
    const value = values.get(slot.id);
    if (value === undefined) continue;
    out.text += text.slice(from, slot.at) + slotText(format, slot.key, value);
    from = slot.at;
  }
  out.text += from === 0 ? text : text.slice(from);
}
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

/**
 * When a scrobbled song was heard: its `time` (ms since 1970), never later than now (a clock
 * ahead of the server's); now when absent or not a number.
 */
export function heardAt(time: string | undefined, now = Date.now()): Date {
  const sent = time !== undefined && /^\d{1,15}$/.test(time) ? Number(time) : now;
  return new Date(Math.min(sent, now));
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

/**
 * Text escapeXml leaves as it is: no character it escapes, none XML 1.0 cannot carry, and no
 * surrogate (a lone one is dropped). Most names and titles are such, and skip its two passes.
 */
const XML_AS_IS =
  /^[\t\n\r\u0020\u0021\u0023-\u0025\u0028-\u003B\u003D\u003F-\uD7FF\uE000-\uFFFD]*$/;

function escapeXml(text: string): string {
  if (XML_AS_IS.test(text)) return text;
  // Characters XML 1.0 cannot carry at all are dropped rather than sent broken.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** Whether a node has children or text in XML (else it is written as an empty element). */
function hasXmlBody(node: Node): boolean {
  for (const key in node) {
    const field = node[key];
    if (field === undefined || field instanceof Slot) continue;
    if (key === 'value' || (Array.isArray(field) ? field.length > 0 : typeof field === 'object')) {
      return true;
    }
  }
  return false;
}

function writeXml(out: Output, name: string, node: Node): void {
  out.text += `<${name}`;
  let text = '';
  for (const key in node) {
    const field = node[key];
    if (field === undefined || typeof field === 'object') {
      if (field instanceof Slot) out.slots.push({ at: out.text.length, id: field.id, key });
      continue;
    }
    if (key === 'value') text = escapeXml(String(field));
    else out.text += ` ${key}="${typeof field === 'string' ? escapeXml(field) : field}"`;
  }
  if (!hasXmlBody(node)) {
    out.text += '/>';
    return;
  }
  out.text += `>${text}`;
  for (const key in node) {
    const field = node[key];
    if (Array.isArray(field)) {
      for (const item of field) {
        if (item instanceof FilledNode) writeFilled(out, 'xml', item);
        else if (item instanceof OpenEntry) writeOpen(out, 'xml', item);
        else if (typeof item === 'object') writeXml(out, key, item);
        else out.text += `<${key}>${item}</${key}>`;
      }
    } else if (typeof field === 'object' && !(field instanceof Slot)) writeXml(out, key, field);
  }
  out.text += `</${name}>`;
}

function jsonScalar(field: string | number | boolean): string {
  if (typeof field === 'string') return JSON.stringify(field);
  if (typeof field === 'number') return Number.isFinite(field) ? String(field) : 'null';
  return field ? 'true' : 'false';
}

/**
 * Writes a node as JSON with only what is known (undefined fields are left out). An element that
 * holds only text (`{ value }`, e.g. `biography`) is its text in JSON, as Subsonic's JSON writes it.
 */
function writeJson(out: Output, node: Node): void {
  let only: Field;
  let count = 0;
  let scalarsOnly = true;
  for (const key in node) {
    const field = node[key];
    if (field === undefined) continue;
    count++;
    only = key === 'value' ? field : undefined;
    if (typeof field === 'object') scalarsOnly = false;
  }
  if (count === 1 && only !== undefined && typeof only !== 'object') {
    out.text += jsonScalar(only);
    return;
  }
  // A node of scalars (a song, an artist) is written as JSON.stringify writes it, undefined
  // fields left out, in V8's own code rather than field by field here.
  if (scalarsOnly) {
    out.text += JSON.stringify(node);
    return;
  }
  out.text += '{';
  let first = true;
  for (const key in node) {
    const field = node[key];
    if (field === undefined) continue;
    if (field instanceof Slot) {
      out.slots.push({ at: out.text.length, id: field.id, key });
      continue;
    }
    out.text += `${first ? '' : ','}"${key}":`;
    first = false;
    if (Array.isArray(field)) {
      out.text += '[';
      field.forEach((item, i) => {
        if (i > 0) out.text += ',';
        if (item instanceof FilledNode) writeFilled(out, 'json', item);
        else if (item instanceof OpenEntry) writeOpen(out, 'json', item);
        else if (typeof item === 'object') writeJson(out, item);
        else out.text += jsonScalar(item);
      });
      out.text += ']';
    } else if (typeof field === 'object') writeJson(out, field);
    else out.text += jsonScalar(field);
  }
  out.text += '}';
}

export type Format = 'xml' | 'json';

/**
 * XML unless the app asks for JSON (`f=json`, or `f=jsonp`, JSON wrapped in a call); Amperfy and
 * DSub never do.
 */
export function formatOf(params: Params): Format {
  const f = params.get('f');
  return f === 'json' || f === 'jsonp' ? 'json' : 'xml';
}

/** A JavaScript function name, as JSONP callbacks are (`angular.callbacks._0`). */
const FUNCTION_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/**
 * The function a JSONP call (`f=jsonp`, which web apps such as Jamstash send) wraps its JSON in,
 * or null for any other call. Only a function name goes into the response, never other text.
 */
export function jsonpCallbackOf(params: Params): string | null {
  if (params.get('f') !== 'jsonp') return null;
  const callback = params.required('callback');
  if (callback.length > 100 || !FUNCTION_NAME.test(callback)) {
    throw new SubsonicError(
      CODES.generic,
      'callback must be a JavaScript function name: letters, digits, _ and $, joined by dots',
    );
  }
  return callback;
}

/** The text of a response (or a refusal) in the asked format, with the places of its slots. */
export function renderResponse(format: Format, payload: Node | SubsonicError): Output {
  const body: Node =
    payload instanceof SubsonicError
      ? { ...envelope('failed'), error: { code: payload.code, message: payload.message } }
      : { ...envelope('ok'), ...payload };
  if (format === 'json') {
    const out = newOutput('{"subsonic-response":');
    writeJson(out, body);
    out.text += '}';
    return out;
  }
  const out = newOutput('<?xml version="1.0" encoding="UTF-8"?>\n');
  writeXml(out, 'subsonic-response', { xmlns: NAMESPACE, ...body });
  return out;
}

/**
 * A response rendered with the places of its slots, to be filled per caller: it holds no entry
 * written as bytes.
 */
export function renderWithSlots(
  format: Format,
  payload: Node,
): { text: string; slots: SlotPlace[] } {
  return textOnly(renderResponse(format, payload));
}

/** The bytes of a response (or a refusal) in the asked format. */
export function responseBytes(format: Format, payload: Node | SubsonicError): Buffer {
  const { text, written } = renderResponse(format, payload);
  // Bytes, not text: Node would otherwise go over a long text twice, to count and to encode it.
  const last = Buffer.from(text);
  return written.length === 0 ? last : Buffer.concat([...written, last]);
}

/** The text of a response (or a refusal) in the asked format. */
export function responseText(format: Format, payload: Node | SubsonicError): string {
  return responseBytes(format, payload).toString();
}

/** What fills a slot: the attribute `key` with `value`, in the response's format. */
export function slotText(format: Format, key: string, value: string): string {
  return format === 'json' ? `,"${key}":${JSON.stringify(value)}` : ` ${key}="${escapeXml(value)}"`;
}

/** A response rendered ahead for one caller: its bytes, or (when cached so) its gzip. */
export interface RenderedResponse {
  bytes: () => Buffer;
  gzip: (() => Buffer) | null;
}

const isRendered = (payload: object): payload is RenderedResponse =>
  'bytes' in payload && typeof payload.bytes === 'function';

const CONTENT_TYPES: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'text/xml; charset=utf-8',
};

/**
 * Answers from this size go gzipped to apps that accept it. A sync page of hundreds of songs
 * takes several round trips as it is and shrinks several-fold at zlib's fastest level, for a
 * small share of the time it took to render. A page of tens of songs arrives in a round trip or
 * two either way, and compressing it costs a measurable share of its request under load (the
 * Subsonic README), so it goes as it is.
 */
export const GZIP_FROM_BYTES = 64 * 1024;

/**
 * Sends a response (or one rendered already) in the asked format, always with HTTP 200. With a
 * JSONP `callback`, the JSON is sent as a call of it.
 */
export function sendResponse(
  reply: FastifyReply,
  format: Format,
  payload: Node | SubsonicError | RenderedResponse,
  callback: string | null = null,
): FastifyReply {
  reply.status(200).header('cache-control', 'no-store');
  if (callback !== null) {
    const json = isRendered(payload) ? payload.bytes() : responseBytes('json', payload);
    reply.header('content-type', 'text/javascript; charset=utf-8');
    return sendBody(reply, {
      bytes: () => Buffer.concat([Buffer.from(`${callback}(`), json, Buffer.from(');')]),
      gzip: null,
    });
  }
  reply.header('content-type', CONTENT_TYPES[format]);
  if (payload instanceof SubsonicError || !isRendered(payload)) {
    const bytes = responseBytes(format, payload);
    return sendBody(reply, { bytes: () => bytes, gzip: null });
  }
  return sendBody(reply, payload);
}

/**
 * Sends an answer's bytes, gzipped to apps that accept it (as the common ones all do): as it was
 * compressed once when cached so, else compressed now when it is large.
 */
function sendBody(reply: FastifyReply, body: RenderedResponse): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (!accepts(reply.request.headers['accept-encoding'], 'gzip')) return reply.send(body.bytes());
  if (body.gzip) return reply.header('content-encoding', 'gzip').send(body.gzip());
  const bytes = body.bytes();
  if (bytes.length < GZIP_FROM_BYTES) return reply.send(bytes);
  return reply.header('content-encoding', 'gzip').send(gzipSync(bytes, { level: 1 }));
}
