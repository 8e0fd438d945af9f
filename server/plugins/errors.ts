import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

interface ValidationIssue {
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
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
  const allowed = issues
    .filter(
      (issue) => issue.instancePath === path && issue.params && 'allowedValue' in issue.params,
    )
    .map((issue) => issue.params!.allowedValue);
  const listed = issues.find((issue) => issue.instancePath === path && issue.params?.allowedValues);
  const values = listed?.params?.allowedValues;
  return (Array.isArray(values) ? values : allowed).map((value) =>
    typeof value === 'string' ? `'${value}'` : String(value),
  );
}

/** 'a', 'b' or 'c' */
const either = (options: string[]) =>
  options.length === 1 ? options[0]! : `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;

function validationMessage(error: FastifyError): { message: string; field?: string } {
  const issues = (error.validation as ValidationIssue[] | undefined) ?? [];
  const issue = issues[0];
  const field = fieldOf(issue);
  const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
  if (issue?.params && typeof issue.params.missingProperty === 'string') {
    return { message: `${issue.params.missingProperty} is required`, field };
  }
  const options = choices(issues, issue?.instancePath);
  if (options.length > 0) {
    const name = field ?? where ?? 'value';
    return { message: `${name} must be ${either(options)}`, field };
  }
  const detail = issue?.message ?? 'is invalid';
  return {
    message: field ? `${field} ${detail}` : `Invalid ${where ?? 'request'}: ${detail}`,
    field,
  };
}

/**
 * The one place errors become HTTP answers: always JSON `{ message }`, 4xx for anything the
 * caller can fix, and 500s that say nothing about the inside.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(
          error.field ? { message: error.message, field: error.field } : { message: error.message },
        );
    }
    if (error.validation) {
      return reply.status(400).send(validationMessage(error));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: 'The request body is not valid JSON' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({
          message: `Unsupported content type ${request.headers['content-type'] ?? ''}`.trim(),
        });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.status(413).send({ message: 'The request body is too large' });
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply.status(413).send({ message: 'The request has too many parts' });
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.status(415).send({ message: 'The request must be multipart/form-data' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && error.message)
        return reply.status(429).send({ message: error.message });
      return reply.status(status).send({ message: error.message || 'Bad request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });
});
