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

function validationMessage(error: FastifyError): { message: string; field?: string } {
  const issue = (error.validation as ValidationIssue[] | undefined)?.[0];
  const field = fieldOf(issue);
  const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
  if (issue?.params && typeof issue.params.missingProperty === 'string') {
    return { message: `${issue.params.missingProperty} is required`, field };
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
