import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_UNAVAILABLE, isConnectionFault } from '../db/faults.ts';
import { isStatementTimeout } from '../db/statement-timeout.ts';
import { AppError } from '../lib/errors.ts';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** JSON Schema's type names as whoever sent the value would say them. */
const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty (null)',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'an e-mail address',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time (ISO 8601)',
  uri: 'a web address',
};

/**
 * What a schema check wants, in words a person acts on ("must be at most 100 characters"), for
 * the checks Chorus's schemas use; Ajv's own wording ("must NOT have more than 100 characters",
 * "must be string") for any other.
 */
function plainDetail(issue: ValidationIssue | undefined): string {
  const params = issue?.params ?? {};
  const limit = params.limit;
  const plural = (noun: string) => `${limit} ${noun}${limit === 1 ? '' : 's'}`;
  switch (issue?.keyword) {
    case 'type': {
      const types = String(params.type).split(',');
      return `must be ${either(types.map((type) => TYPE_NAMES[type] ?? type))}`;
    }
    case 'maxLength':
      return `must be at most ${plural('character')}`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${plural('character')}`;
    case 'maxItems':
      return `may list at most ${plural('item')}`;
    case 'minItems':
      return `must list at least ${plural('item')}`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${limit}`;
    case 'format': {
      const format = String(params.format);
      return `must be ${FORMAT_NAMES[format] ?? `in the ${format} format`}`;
    }
    case 'additionalProperties':
      return `has a field it does not take: ${String(params.additionalProperty)}`;
    default:
      return issue?.message ?? 'is invalid';
  }
}

/** Names the field a schema validation error is about, e.g. `/email` → `email`. */
function fieldOf(issue: ValidationIssue | undefined): string | undefined {
  if (!issue) return undefined;
  const missing = issue.params?.missingProperty;
  if (typeof missing === 'string') return missing;
  const path = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  return path || undefined;
}

/**
 * The values a field may take when it is a choice ('Active' or 'Inactive'): each refused option
 * of the choice is an issue of its own, saying only "must be equal to constant".
 */
function choices(issues: ValidationIssue[], path: string | undefined): string[] {
  const at = issues.filter((issue) => issue.instancePath === path && issue.params);
  const listed = at.find((issue) => Array.isArray(issue.params!.allowedValues));
  const values: unknown[] = listed
    ? (listed.params!.allowedValues as unknown[])
    : at
        .filter((issue) => 'allowedValue' in issue.params!)
        .map((issue) => issue.params!.allowedValue);
  return values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)));
}

/** 'a', 'b' or 'c' */
const either = (options: string[]) =>
  options.length === 1 ? options[0]! : `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;

function validationMessage(
  error: FastifyError,
  query: unknown,
): { message: string; field?: string } {
  const issues = (error.validation as ValidationIssue[] | undefined) ?? [];
  const issue = issues[0];
  const field = fieldOf(issue);
  const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
  if (issue?.params && typeof issue.params.missingProperty === 'string') {
    return { message: `${issue.params.missingProperty} is required`, field };
  }
  // `?q=a&q=b` reads as a list, and "q must be string" would puzzle whoever sent it.
  if (where === 'query' && field && Array.isArray((query as Record<string, unknown>)?.[field])) {
    return { message: `${field} is given more than once in the address; give it once`, field };
  }
  const options = choices(issues, issue?.instancePath);
  if (options.length > 0) {
    const name = field ?? where ?? 'value';
    return { message: `${name} must be ${either(options)}`, field };
  }
  const detail = plainDetail(issue);
  return {
    message: field
      ? `${field} ${detail}`
      : `The request ${where ?? ''} ${detail}`.replace('  ', ' '),
    field,
  };
}

/** What a caller is told of a request refused for something it can fix. */
export interface Refusal {
  status: number;
  message: string;
  field?: string;
  headers?: Record<string, string>;
}

/**
 * The answer `error` stands for, in words whoever sent the request can act on: a refusal, or an
 * error Chorus raised with its own status (a 503 with Retry-After among them); null for a fault
 * nobody named (answered by the handler below).
 */
export function refusalOf(error: FastifyError, request: FastifyRequest): Refusal | null {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  if (error.validation) return { status: 400, ...validationMessage(error, request.query) };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        message: `Unsupported content type ${request.headers['content-type'] ?? ''}`.trim(),
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: 'The request body is too large' };
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, message: 'The request has too many parts' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, message: 'The request must be multipart/form-data' };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: error.message || 'Bad request' };
  return null;
}

/**
 * The one place errors become HTTP responses: always JSON `{ message }`, 4xx for anything the
 * caller can fix, and 500s that say nothing about the inside.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A timed-out statement is the server's to answer for, whatever else the error says.
    if (isStatementTimeout(error)) {
      // One line, no stack: the operator learns which request asked too much.
      request.log.warn({ url: request.url }, 'statement timeout');
      return reply.status(503).header('retry-after', '5').send({
        message:
          'This request took too long and was stopped. Please try again in a moment, or ask for less (a smaller page or a narrower search).',
      });
    }
    const refusal = refusalOf(error, request);
    if (refusal) {
      if (refusal.headers) reply.headers(refusal.headers);
      const { message, field } = refusal;
      return reply.status(refusal.status).send(field ? { message, field } : { message });
    }
    if (isConnectionFault(error)) {
      request.log.warn({ err: error }, 'database connection lost during a request');
      return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });
});

/** What the router refuses before any route runs (Fastify's `frameworkErrors`), by its code. */
const ROUTER_REFUSALS: Record<string, [status: number, message: string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid: it holds a broken %-escape'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long'],
};

/** Responds to the router's refusals in the same `{ message }` shape as everything else. */
export function respondToRouterError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const [status, message] = ROUTER_REFUSALS[error.code] ?? [error.statusCode ?? 400, error.message];
  return reply.code(status).send({ message });
}
