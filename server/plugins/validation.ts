import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

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

/** An Ajv validator compiled on its first call, which Fastify calls as it calls Ajv's own. */
interface LazyValidator {
  (data: unknown, context?: object): boolean;
  errors?: ValidateFunction['errors'];
  /** Fastify hands Ajv's validators the request as the parent of the part they check. */
  schemaEnv: true;
}

/**
 * Validators and serializers are compiled when a route is first called, not at start: each is
 * generated code that stays in memory, and most routes (the admin area's, the ones a given
 * deployment's clients never call) are not called in a typical run.
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  let compiled: ValidateFunction | null = null;
  const validate: LazyValidator = Object.assign(
    (data: unknown, context?: object) => {
      compiled ??= (httpPart === 'body' ? strict : coercing).compile(schema);
      const valid = compiled(data, context as Parameters<ValidateFunction>[1]);
      validate.errors = compiled.errors;
      return valid;
    },
    { schemaEnv: true as const },
  );
  return validate;
};

const compileSerializer = SerializerSelector()({}, {});

/**
 * Renders values of `schema` as JSON the way a route's response is rendered (fields outside the
 * schema left out), for routes that render a long list in parts (lib/paging.ts renderInChunks).
 * Compiled on first use, as the routes' serializers are.
 */
export function jsonRenderer<T>(schema: object): (value: T) => string {
  let compiled: ((data: unknown) => string) | null = null;
  return (value) => {
    compiled ??= compileSerializer({ schema, method: 'GET', url: '', httpStatus: '200' });
    return compiled(value);
  };
}

export const serializerCompiler: FastifySerializerCompiler<object> = (route) => {
  let compiled: ((data: unknown) => string) | null = null;
  return (data) => {
    compiled ??= compileSerializer({ ...route, httpStatus: route.httpStatus ?? 'default' });
    return compiled(data);
  };
};
