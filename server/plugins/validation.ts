import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const common: Options = {
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  strict: false,
};

function withFormats(ajv: Ajv): Ajv {
  addFormats.default(ajv);
  return ajv;
}

// Paths and query strings arrive as text, so numbers there are coerced ("42" → 42); JSON bodies
// have real types, and a number sent where text belongs is an error, not something to guess at.
const coercing = withFormats(new Ajv({ ...common, coerceTypes: 'array' }));
const strict = withFormats(new Ajv({ ...common, coerceTypes: false }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema);
