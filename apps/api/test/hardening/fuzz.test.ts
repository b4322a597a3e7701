import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { registerCandidate } from '../fixtures/accounts.ts';

/**
 * Property-based requests against every operation in the OpenAPI document:
 * values shaped by each schema, values of every other shape, blanks, junk
 * and bodies of the wrong kind. No answer may be a 5xx, every error must have
 * the API's error shape, and no library's default wording may reach a client.
 * The seed is fixed, so a failure is reproducible; FUZZ_RUNS makes a longer run.
 */
const SEED = 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

/** Wording of zod's, Fastify's, ajv's or Node's own defaults. */
const LIBRARY_DEFAULTS =
  /Invalid input|expected \w+, received|received \w+$|^Too (small|big)|^Invalid (string|option|key|element|value|number|type|enum|literal|union|date)|Unrecognized key|^Required$|^(body|querystring|params|headers)\b.* must |must NOT have|should (be|have)|^Bad Request$|^Client Error$|^Internal Server Error$|Unsupported Media Type|^Not Found$|Body cannot be empty|Unexpected token|JSON at position|is not a valid url|Multipart: |Boundary not found|Unexpected end of form/i;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  nullable?: boolean;
}

interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string; schema: JsonSchema }[];
  body?: JsonSchema;
}

const junkText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'NaN',
    'Infinity',
    '1e309',
    '0x10',
    'null',
    'true',
    '%',
    '%00',
    '../',
    '\u0000',
    '🙂',
    "'; drop table jobs;--",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant('x'.repeat(300)),
);

/** Values that fit a schema, most of the time; anything at all, some of the time. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const any = fc.jsonValue({ maxDepth: 2 });
  if (!schema || depth > 3) return any;
  const alts: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) alts.push(fc.constantFrom(...schema.enum));
  const options = schema.anyOf ?? schema.oneOf;
  if (options) alts.push(fc.oneof(...options.map((s) => valueFor(s, depth + 1))));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    if (type === 'string') {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 60, min + 80);
      alts.push(fc.string({ minLength: min, maxLength: max }));
      if (schema.pattern) {
        try {
          alts.push(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= max + 20));
        } catch {
          // A pattern fast-check cannot generate from: plain strings only.
        }
      }
      if (schema.maxLength) alts.push(fc.constant('y'.repeat(schema.maxLength + 1)));
    } else if (type === 'number' || type === 'integer') {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      alts.push(
        type === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true }),
      );
      alts.push(fc.constantFrom(min - 1, max + 1, 0.5, -0));
    } else if (type === 'boolean') alts.push(fc.boolean());
    else if (type === 'null') alts.push(fc.constant(null));
    else if (type === 'array') alts.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: 12 }));
    else if (type === 'object') {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys) record[k] = valueFor(props[k], depth + 1);
      alts.push(
        fc.record(record, { requiredKeys: keys.filter((k) => required.has(k)) }),
        fc.record(record, { requiredKeys: [] }),
        fc
          .tuple(
            fc.record(record, { requiredKeys: keys }),
            fc.dictionary(fc.string({ maxLength: 8 }), any, { maxKeys: 3 }),
          )
          .map(([a, b]) => ({ ...b, ...a })),
      );
    }
  }
  if (schema.nullable) alts.push(fc.constant(null));
  if (alts.length === 0) return any;
  return fc.oneof({ arbitrary: fc.oneof(...alts), weight: 4 }, { arbitrary: any, weight: 1 });
}

/** A query-string value: what the schema says, as text, or junk. */
const queryValue = (schema: JsonSchema) =>
  fc.oneof(
    {
      arbitrary: valueFor(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      weight: 3,
    },
    { arbitrary: junkText, weight: 2 },
    { arbitrary: fc.array(junkText, { minLength: 2, maxLength: 3 }), weight: 1 },
  );

let t: TestApp;
const operations: Operation[] = [];
let token = '';
let jobId = '1';
beforeAll(async () => {
  t = await createTestApp({ seed: { spas: 4, jobs: 12 }, env: { RATE_LIMITS: 'off' } });
  const doc = (await t.app.inject('/api/docs/json')).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Operation['params'];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  }>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  token = (await registerCandidate(t.app)).token;
  const job = await t.database.db.selectFrom('jobs').select('id').executeTakeFirstOrThrow();
  jobId = String(job.id);
});
afterAll(() => t.close());

describe('fuzzing the API from its OpenAPI document', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(25);
  });

  it('answers every request below 500, in the error shape, in the contract words', async () => {
    const request = fc.integer({ min: 0, max: 1_000_000 }).chain((i) => {
      const op = operations[i % operations.length]!;
      const query = op.params.filter((p) => p.in === 'query');
      const pathParams = op.params.filter((p) => p.in === 'path');
      const queryRecord: Record<string, fc.Arbitrary<string | string[]>> = {};
      for (const p of query) queryRecord[p.name] = queryValue(p.schema);
      const pathRecord: Record<string, fc.Arbitrary<string>> = {};
      for (const p of pathParams)
        pathRecord[p.name] = fc.oneof(fc.constant(jobId), fc.constantFrom('google', 'facebook'), junkText);
      const bodyKind = fc.constantFrom(
        'schema',
        'schema',
        'schema',
        'junk-json',
        'text',
        'multipart',
        'none',
      );
      return fc.record({
        op: fc.constant(op),
        query: fc.record(queryRecord, { requiredKeys: [] }),
        extraQuery: fc.dictionary(fc.constantFrom('x', '__proto__', 'constructor', 'limit[]'), junkText, {
          maxKeys: 2,
        }),
        path: fc.record(pathRecord),
        bodyKind,
        body: valueFor(op.body),
        junkBody: fc.string({ maxLength: 200 }),
        auth: fc.constantFrom('none', 'valid', 'junk'),
        language: fc.constantFrom('en', 'hi'),
      });
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let url = r.op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(r.path[name] ?? ''),
        );
        const qs = new URLSearchParams();
        for (const [k, v] of Object.entries({ ...r.extraQuery, ...r.query })) {
          for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one ?? '');
        }
        if ([...qs].length) url += `?${qs}`;
        const headers: Record<string, string> = {};
        if (r.auth === 'valid') headers.authorization = `Bearer ${token}`;
        if (r.auth === 'junk') headers.authorization = 'Bearer e30.e30.e30';
        headers['accept-language'] = r.language;
        let payload: string | undefined;
        if (r.op.method !== 'GET') {
          if (r.bodyKind === 'schema')
            [headers['content-type'], payload] = ['application/json', JSON.stringify(r.body) ?? 'null'];
          else if (r.bodyKind === 'junk-json')
            [headers['content-type'], payload] = ['application/json', r.junkBody];
          else if (r.bodyKind === 'text') [headers['content-type'], payload] = ['text/plain', r.junkBody];
          else if (r.bodyKind === 'multipart')
            [headers['content-type'], payload] = [
              'multipart/form-data; boundary=b',
              `--b\r\n${r.junkBody}\r\n--b--`,
            ];
        }
        const res = await t.app.inject({ method: r.op.method as 'GET', url, headers, payload });
        const where = `${r.op.method} ${url} ${payload?.slice(0, 200) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const body = res.json<{
            success: unknown;
            error: unknown;
            message: unknown;
            code?: unknown;
            fields?: Record<string, string>;
          }>();
          expect(body.success, where).toBe(false);
          expect(typeof body.message, where).toBe('string');
          expect(body.error, where).toBe(body.message);
          // Every error is a catalogue message: it has a code, and in Hindi it is Hindi.
          expect(typeof body.code, where).toBe('string');
          if (r.language === 'hi') expect(body.message, where).toMatch(/[\u0900-\u097F]/);
          for (const text of [String(body.message), ...Object.values(body.fields ?? {})]) {
            expect(text, where).not.toMatch(LIBRARY_DEFAULTS);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
