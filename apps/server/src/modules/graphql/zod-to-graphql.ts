// GraphQL types generated from the zod schemas of packages/domain (issue 12): an answer's shape is
// written once, as its zod answer schema, and the GraphQL object types are made from it; a field
// added to the schema is a field of the GraphQL type with no second edit.
//
// Mapping (anything else is refused with an error at startup, never guessed):
// - z.string() and its formats → String; z.boolean() → Boolean;
// - z.number() with an integer format (z.int(), .int(), z.int32()) → Int, any other number → Float;
// - z.enum([...]) → a GraphQL enum (its values must be GraphQL names);
// - z.object() → an object type (output), or an input object type in arguments (named by the
//   schema's meta `title`, else <argument type><Field>: input of updateEvent: UpdateEventInput);
// - z.array(x) → [x]; .nullable() and .optional() → nullable, everything else non-null;
//   .readonly() is transparent.
// A field's description is the schema's zod description (`.describe()` / `.meta({ description })`).
import {
  GraphQLBoolean,
  GraphQLEnumType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  GraphQLFloat,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLInt,
  GraphQLList,
  type GraphQLNamedType,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLScalarType,
  GraphQLString,
} from 'graphql';
import { z } from 'zod';
import type { TypeNaming } from '../../lib/graphql-fields.ts';

/** A zod schema the converter cannot express in GraphQL, or a naming mistake: a startup error. */
export class UnsupportedSchemaError extends Error {
  constructor(where: string, detail: string) {
    super(`GraphQL type from zod, at ${where}: ${detail}`);
    this.name = 'UnsupportedSchemaError';
  }
}

// TypeNaming (the names of an answer's types) is declared beside the field declarations, lib/graphql-fields.ts.
export type { TypeNaming };

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

const pascal = (field: string) => field.charAt(0).toUpperCase() + field.slice(1);

/** `.describe()` / `.meta({ description })` of a schema, if any. */
const descriptionOf = (schema: z.ZodType): string | undefined =>
  z.globalRegistry.get(schema)?.description ?? schema.description;

/** The meta `title` of a schema: the GraphQL name of an input object or enum in arguments. */
const titleOf = (schema: z.ZodType): string | undefined => z.globalRegistry.get(schema)?.title;

/** The kind of a zod schema (zod 4's `def.type`: 'string', 'object', 'nullable', ...). */
const kindOf = (schema: z.ZodType): string => schema._zod.def.type;

/** Integer formats of z.number(): safeint (z.int(), .int()), int32, uint32. */
const isInteger = (schema: z.ZodNumber): boolean => schema.format?.includes('int') ?? false;

/**
 * Makes GraphQL types from zod schemas. One registry per GraphQL schema: a name stands for one zod
 * schema (the same schema met twice is the same type; another schema under a taken name is refused).
 */
export class GraphQLTypeRegistry {
  private readonly named = new Map<string, { schema: z.ZodType; type: GraphQLNamedType }>();

  /**
   * The GraphQL output type of an answer (non-null unless the schema is nullable or optional);
   * `at` names the answer in error messages.
   */
  outputType(answer: z.ZodType, at: string, naming?: TypeNaming): GraphQLOutputType {
    const unused = new Set(Object.keys(naming?.names ?? {}));
    const type = this.output(answer, { naming, unused, path: '', parentName: '', at });
    if (unused.size > 0) {
      throw new UnsupportedSchemaError(
        at,
        `names given for paths the schema does not have: ${[...unused].join(', ')}`,
      );
    }
    return type;
  }

  /** GraphQL arguments from a zod object of scalars, enums, input objects and lists of them. */
  args(args: z.ZodObject, at: string): GraphQLFieldConfigArgumentMap {
    const map: GraphQLFieldConfigArgumentMap = {};
    for (const [name, schema] of Object.entries(args.shape) as [string, z.ZodType][]) {
      const description = descriptionOf(schema);
      map[name] = {
        type: this.input(schema, `${at}(${name})`, `${pascal(at)}${pascal(name)}`),
        ...(description ? { description } : {}),
      };
    }
    return map;
  }

  private output(schema: z.ZodType, ctx: OutputContext): GraphQLOutputType {
    const { type, nullable } = unwrapNullable(schema);
    const inner = this.nullableOutput(type, ctx);
    return nullable ? inner : new GraphQLNonNull(inner);
  }

  private nullableOutput(schema: z.ZodType, ctx: OutputContext) {
    const kind = kindOf(schema);
    if (kind === 'array') {
      return new GraphQLList(this.output((schema as z.ZodArray<z.ZodType>).element, ctx));
    }
    if (kind === 'object') return this.objectType(schema as z.ZodObject, ctx);
    if (kind === 'enum') return this.enumType(schema as z.ZodEnum, this.nameAt(ctx), ctx.at);
    return scalarOf(schema, ctx.at);
  }

  private input(schema: z.ZodType, at: string, typeName: string): GraphQLInputType {
    const { type, nullable } = unwrapNullable(schema);
    const kind = kindOf(type);
    const name = titleOf(type) ?? typeName;
    let inner: GraphQLInputType;
    if (kind === 'array') {
      inner = new GraphQLList(this.input((type as z.ZodArray<z.ZodType>).element, at, typeName));
    } else if (kind === 'enum') {
      inner = this.enumType(type as z.ZodEnum, name, at);
    } else if (kind === 'object') {
      inner = this.inputObjectType(type as z.ZodObject, name, at);
    } else {
      inner = scalarOf(type, at);
    }
    return nullable ? inner : new GraphQLNonNull(inner);
  }

  /** The name of the object or enum at ctx.path: the root's, a given one, or parent + Field. */
  private nameAt(ctx: OutputContext): string {
    if (!ctx.naming) throw new UnsupportedSchemaError(ctx.at, 'an object or enum type needs a name');
    if (ctx.path === '') return ctx.naming.name;
    const given = ctx.naming.names?.[ctx.path];
    if (given !== undefined) {
      ctx.unused.delete(ctx.path);
      return given;
    }
    return `${ctx.parentName}${pascal(ctx.path.slice(ctx.path.lastIndexOf('.') + 1))}`;
  }

  private objectType(schema: z.ZodObject, ctx: OutputContext): GraphQLObjectType {
    const name = this.nameAt(ctx);
    const known = this.lookUp(name, schema, ctx.at);
    if (known) return known as GraphQLObjectType;
    const shape = Object.entries(schema.shape) as [string, z.ZodType][];
    if (shape.length === 0) throw new UnsupportedSchemaError(ctx.at, 'an object without fields');
    // The fields are converted now (not lazily, as graphql-js allows), so that a mistake is thrown
    // while the schema is built.
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const [field, fieldSchema] of shape) {
      const path = ctx.path === '' ? field : `${ctx.path}.${field}`;
      const description = descriptionOf(fieldSchema);
      fields[field] = {
        type: this.output(fieldSchema, { ...ctx, path, parentName: name, at: `${name}.${field}` }),
        ...(description ? { description } : {}),
      };
    }
    const description = descriptionOf(schema);
    const type = new GraphQLObjectType({ name, fields, ...(description ? { description } : {}) });
    this.named.set(name, { schema, type });
    return type;
  }

  private inputObjectType(schema: z.ZodObject, name: string, at: string): GraphQLInputObjectType {
    const known = this.lookUp(name, schema, at);
    if (known) return known as GraphQLInputObjectType;
    const shape = Object.entries(schema.shape) as [string, z.ZodType][];
    if (shape.length === 0) throw new UnsupportedSchemaError(at, 'an input object without fields');
    const fields: GraphQLInputFieldConfigMap = {};
    for (const [field, fieldSchema] of shape) {
      const description = descriptionOf(fieldSchema);
      fields[field] = {
        type: this.input(fieldSchema, `${name}.${field}`, `${name}${pascal(field)}`),
        ...(description ? { description } : {}),
      };
    }
    const description = descriptionOf(schema);
    const type = new GraphQLInputObjectType({ name, fields, ...(description ? { description } : {}) });
    this.named.set(name, { schema, type });
    return type;
  }

  private enumType(schema: z.ZodEnum, name: string, at: string): GraphQLEnumType {
    const known = this.lookUp(name, schema, at);
    if (known) return known as GraphQLEnumType;
    const values: Record<string, { value: string | number }> = {};
    for (const value of schema.options) {
      if (!GRAPHQL_NAME.test(String(value))) {
        throw new UnsupportedSchemaError(at, `enum value '${value}' is not a GraphQL name`);
      }
      values[String(value)] = { value };
    }
    const type = new GraphQLEnumType({ name, values });
    this.named.set(name, { schema, type });
    return type;
  }

  /** The type already made under `name` for this schema; refused if made for another schema. */
  private lookUp(name: string, schema: z.ZodType, at: string): GraphQLNamedType | undefined {
    if (!GRAPHQL_NAME.test(name)) throw new UnsupportedSchemaError(at, `'${name}' is not a GraphQL name`);
    const known = this.named.get(name);
    if (known && known.schema !== schema) {
      throw new UnsupportedSchemaError(at, `the type name ${name} is already taken by another schema`);
    }
    return known?.type;
  }
}

interface OutputContext {
  naming: TypeNaming | undefined;
  /** The names of `naming.names` not met yet (a stale name is an error). */
  unused: Set<string>;
  /** Field path from the root ('' for the root). */
  path: string;
  /** The GraphQL name of the enclosing object. */
  parentName: string;
  /** Where, for error messages ('Event.nextSteps'). */
  at: string;
}

/** Peels .nullable(), .optional() and .readonly(): the inner schema and whether null may come. */
function unwrapNullable(schema: z.ZodType): { type: z.ZodType; nullable: boolean } {
  let type = schema;
  let nullable = false;
  for (;;) {
    const kind = kindOf(type);
    if (kind === 'nullable' || kind === 'optional') nullable = true;
    else if (kind !== 'readonly') return { type, nullable };
    type = (type as z.ZodNullable<z.ZodType> | z.ZodOptional<z.ZodType> | z.ZodReadonly<z.ZodType>).unwrap();
  }
}

function scalarOf(schema: z.ZodType, at: string): GraphQLScalarType {
  const kind = kindOf(schema);
  if (kind === 'string') return GraphQLString;
  if (kind === 'boolean') return GraphQLBoolean;
  if (kind === 'number') return isInteger(schema as z.ZodNumber) ? GraphQLInt : GraphQLFloat;
  throw new UnsupportedSchemaError(at, `zod type '${kind}' has no GraphQL mapping`);
}
