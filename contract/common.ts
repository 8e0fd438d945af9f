import { type Static, type TSchema, Type } from '@sinclair/typebox';

export const ErrorBody = Type.Object({
  message: Type.String(),
  field: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Identifiers are positive integers, exposed as `_id` like the original client expects. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type PageQuery = Static<typeof PageQuery>;

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
    hasMore: Type.Boolean(),
  });

export interface PageOf<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

export const Message = Type.Object({ message: Type.String() });

/**
 * `T | null`, written as a JSON-schema type list (`type: ['string', 'null']`) rather than an
 * `anyOf`: the response serializer writes a type list directly, but tries each branch of an
 * `anyOf` by validating the value, which makes large lists (a 5,000-song playlist) many times slower.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string') {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
  }
  return Type.Union([schema, Type.Null()]);
}
