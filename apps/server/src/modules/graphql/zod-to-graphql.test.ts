// The zod → GraphQL converter: what each zod kind becomes, how nested types are named, and what it
// refuses (at startup, with where and why).
import {
  type GraphQLInputObjectType,
  type GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  printType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GraphQLTypeRegistry, UnsupportedSchemaError } from './zod-to-graphql.ts';

/** The printed type of an answer's root object (and the registry, for more). */
function printed(answer: z.ZodType, name = 'Thing', names?: Record<string, string>) {
  const registry = new GraphQLTypeRegistry();
  const type = registry.outputType(answer, 'test', { name, names });
  const named = 'ofType' in type ? type.ofType : type;
  if (!(named instanceof GraphQLObjectType)) throw new Error('not an object type');
  return printType(named);
}

const refusal = (answer: z.ZodType, names?: Record<string, string>) => {
  try {
    new GraphQLTypeRegistry().outputType(answer, 'test', { name: 'Thing', names });
  } catch (err) {
    expect(err).toBeInstanceOf(UnsupportedSchemaError);
    return (err as Error).message;
  }
  throw new Error('not refused');
};

describe('zod to GraphQL', () => {
  it('maps strings, booleans, integers (Int) and other numbers (Float), nullable and optional', () => {
    const answer = z.object({
      id: z.int(),
      legacyInt: z.number().int().min(1),
      int32: z.int32(),
      amount: z.number(),
      name: z.string(),
      when: z.iso.datetime(),
      uuid: z.uuid(),
      ok: z.boolean(),
      note: z.string().nullable(),
      maybe: z.int().optional(),
      either: z.boolean().nullish(),
      frozen: z.array(z.string()).readonly(),
    });
    expect(printed(answer)).toBe(
      [
        'type Thing {',
        '  id: Int!',
        '  legacyInt: Int!',
        '  int32: Int!',
        '  amount: Float!',
        '  name: String!',
        '  when: String!',
        '  uuid: String!',
        '  ok: Boolean!',
        '  note: String',
        '  maybe: Int',
        '  either: Boolean',
        '  frozen: [String!]!',
        '}',
      ].join('\n'),
    );
  });

  it('maps arrays with their items’ nullability and nested lists', () => {
    const answer = z.object({
      a: z.array(z.int()),
      b: z.array(z.int().nullable()).nullable(),
      c: z.array(z.array(z.string())),
    });
    expect(printed(answer)).toContain('  a: [Int!]!\n  b: [Int]\n  c: [[String!]!]!');
  });

  it('names nested objects <parent><Field> unless named by path (arrays are transparent)', () => {
    const registry = new GraphQLTypeRegistry();
    const Link = z.object({ itemID: z.string() });
    const answer = z.array(
      z.object({
        author: z.object({ id: z.int() }),
        steps: z.array(z.object({ links: z.array(Link), owner: z.object({ id: z.int() }) })),
      }),
    );
    const type = registry.outputType(answer, 'test', {
      name: 'Event',
      names: { steps: 'EventStep', 'steps.links': 'StepLink' },
    });
    expect(String(type)).toBe('[Event!]!');
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { e: { type } } }),
    });
    expect(Object.keys(schema.getTypeMap()).filter((n) => !n.startsWith('__'))).toEqual(
      expect.arrayContaining(['Event', 'EventAuthor', 'EventStep', 'StepLink', 'EventStepOwner']),
    );
    expect(printType(schema.getType('Event')!)).toContain('author: EventAuthor!\n  steps: [EventStep!]!');
    expect(printType(schema.getType('EventStep')!)).toContain(
      'links: [StepLink!]!\n  owner: EventStepOwner!',
    );
  });

  it('turns a zod enum into a GraphQL enum and keeps zod descriptions', () => {
    const registry = new GraphQLTypeRegistry();
    const answer = z
      .object({
        size: z.enum(['small', 'large']).describe('How big it is.'),
        count: z.int().meta({ description: 'How many.' }),
      })
      .describe('A thing.');
    const type = registry.outputType(answer, 'test', { name: 'Thing', names: { size: 'Size' } });
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { t: { type } } }),
    });
    expect(printType(schema.getType('Thing')!)).toBe(
      '"""A thing."""\ntype Thing {\n  """How big it is."""\n  size: Size!\n\n  """How many."""\n  count: Int!\n}',
    );
    expect(printType(schema.getType('Size')!)).toBe('enum Size {\n  small\n  large\n}');
  });

  it('makes arguments from a zod object of scalars and lists', () => {
    const args = new GraphQLTypeRegistry().args(
      z.object({ siteID: z.int(), ids: z.array(z.int()).nullish(), q: z.string().optional() }),
      'children',
    );
    expect(Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v.type)]))).toEqual({
      siteID: 'Int!',
      ids: '[Int!]',
      q: 'String',
    });
  });

  it('makes input object types of object arguments, named by title or by argument and field', () => {
    const Grade = z.object({ itemID: z.string(), value: z.int().nullish() }).meta({ title: 'GradeInput' });
    const args = new GraphQLTypeRegistry().args(
      z.object({
        input: z.object({ id: z.int().nullish(), grades: z.array(Grade), inner: z.object({ a: z.int() }) }),
      }),
      'saveThing',
    );
    const input = (args.input!.type as GraphQLNonNull<GraphQLInputObjectType>).ofType;
    expect(input.name).toBe('SaveThingInput');
    const fields = input.getFields();
    expect(String(fields.id!.type)).toBe('Int');
    expect(String(fields.grades!.type)).toBe('[GradeInput!]!');
    expect(String(fields.inner!.type)).toBe('SaveThingInputInner!');
    expect(() => new GraphQLTypeRegistry().args(z.object({ filter: z.object({}) }), 'children')).toThrow(
      /children\(filter\): an input object without fields/,
    );
  });

  it('reuses the type of the same schema and refuses one name for two schemas', () => {
    const Contact = z.object({ id: z.int() });
    const registry = new GraphQLTypeRegistry();
    const first = registry.outputType(Contact, 'a', { name: 'Contact' });
    expect(registry.outputType(Contact, 'b', { name: 'Contact' })).toEqual(first);
    expect(() => registry.outputType(z.object({ id: z.int() }), 'c', { name: 'Contact' })).toThrow(
      /at c: the type name Contact is already taken by another schema/,
    );
  });

  it.each([
    ['a union', z.object({ v: z.union([z.string(), z.int()]) }), /Thing\.v: zod type 'union'/],
    ['a transform', z.object({ v: z.string().transform(Number) }), /Thing\.v: zod type 'pipe'/],
    ['a default', z.object({ v: z.string().default('x') }), /Thing\.v: zod type 'default'/],
    ['a record', z.object({ v: z.record(z.string(), z.int()) }), /Thing\.v: zod type 'record'/],
    ['a literal', z.object({ v: z.literal('ok') }), /Thing\.v: zod type 'literal'/],
    ['a date object', z.object({ v: z.date() }), /Thing\.v: zod type 'date'/],
    ['a bigint', z.object({ v: z.bigint() }), /Thing\.v: zod type 'bigint'/],
    ['an unknown', z.object({ v: z.unknown() }), /Thing\.v: zod type 'unknown'/],
    ['an empty object', z.object({ v: z.object({}) }), /Thing\.v: an object without fields/],
    ['an enum value that is no GraphQL name', z.object({ v: z.enum(['a-b']) }), /enum value 'a-b'/],
  ])('refuses %s', (_what, answer, message) => {
    expect(refusal(answer)).toMatch(message);
  });

  it('refuses a name for a path the schema does not have, and an object answer without a name', () => {
    expect(refusal(z.object({ a: z.int() }), { author: 'EventAuthor' })).toMatch(
      /names given for paths the schema does not have: author/,
    );
    expect(() => new GraphQLTypeRegistry().outputType(z.object({ a: z.int() }), 'Query.x')).toThrow(
      /at Query\.x: an object or enum type needs a name/,
    );
    expect(String(new GraphQLTypeRegistry().outputType(z.string(), 'Query._version'))).toBe('String!');
  });
});
