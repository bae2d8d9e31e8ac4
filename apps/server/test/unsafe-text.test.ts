import { AuthenticateRequestSchema, Code, TokenRequestSchema } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyRoute } from '../src/http/route.ts';
import { apiRoutes } from '../src/http/routes/index.ts';
import { DEMO_CLIENT_SECRET, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Every route's text inputs, walked from the route list: each string of an otherwise valid body,
 * query or path gets a U+0000 or a lone surrogate, and the answer must be -6 (issue 17: these
 * answered 500 where they reached PostgreSQL).
 */

let t: TestServer;
let token = '';
const NOBODY = '00000000-0000-4000-8000-000000000099';
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

// Routes that parse their input in the handler (query, form or JSON body) rather than by schema.
const HANDLER_PARSED: Record<string, z.ZodType> = {
  '/public/token': TokenRequestSchema,
  '/public/access_token': TokenRequestSchema,
  '/v1/authenticate': AuthenticateRequestSchema,
};

beforeAll(async () => {
  t = await startTestServer();
  token = (await t.signIn('admin@demo.test')).token;
});
afterAll(() => t.close());

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  default?: unknown;
};

/** A valid-looking value for a JSON schema: every optional property present, arrays of one. */
function sample(s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const choice = s.anyOf ?? s.oneOf;
  if (choice) return sample(choice.find((c) => c.type !== 'null') ?? (choice[0] as JsonSchema));
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => sample(part)));
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'email') return 'probe@demo.test';
      if (s.format === 'uuid') return NOBODY;
      if (s.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      if (s.format === 'uri') return 'https://example.test/x';
      if (s.pattern) return typeof s.default === 'string' ? s.default : '1';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}));
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Paths of the string leaves of a sample value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  }
  return [];
}

function withTextAt(value: unknown, path: (string | number)[], bad: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  node[last] = `${node[last] as string}${bad}`;
  return copy;
}

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  return schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
}

interface Probe {
  route: string;
  method: string;
  url: string;
  body?: unknown;
  query?: Record<string, string>;
}

/** One request per string input of a route, each carrying one bad string. */
function probesOf(route: AnyRoute, bad: string): Probe[] {
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const name = `${method} ${route.url}`;
  const params = (sample(jsonSchemaOf(route.params) ?? { type: 'object' }) ?? {}) as Record<string, string>;
  const path = (p: Record<string, string>) =>
    route.url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(p[key] ?? NOBODY));
  const querySchema = jsonSchemaOf(route.querystring);
  const query = querySchema ? (sample(querySchema) as Record<string, unknown>) : {};
  const flatQuery = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const bodySchema =
    'raw' in route ? null : (jsonSchemaOf(route.body) ?? jsonSchemaOf(HANDLER_PARSED[route.url]));
  const body = bodySchema ? sample(bodySchema) : undefined;
  const carriesBody = !['GET', 'HEAD', 'DELETE'].includes(method);
  const probes: Probe[] = [];
  for (const key of Object.keys(params)) {
    const p = { ...params, [key]: `${params[key]}${NUL}` };
    probes.push({
      route: name,
      method,
      url: path(p),
      body: carriesBody ? body : undefined,
      query: flatQuery,
    });
  }
  // Query strings are bytes: a lone surrogate cannot be written in one, U+0000 can (%00).
  if (bad === NUL) {
    for (const key of Object.keys(flatQuery)) {
      const q = { ...flatQuery, [key]: `${flatQuery[key]}${NUL}` };
      probes.push({ route: name, method, url: path(params), body: carriesBody ? body : undefined, query: q });
    }
  }
  if (body !== undefined) {
    const where = carriesBody ? 'body' : 'query';
    for (const p of stringPaths(body)) {
      if (where === 'query' && (bad !== NUL || p.length !== 1)) continue;
      const changed = withTextAt(body, p, bad);
      probes.push(
        where === 'body'
          ? { route: name, method, url: path(params), body: changed, query: flatQuery }
          : {
              route: name,
              method,
              url: path(params),
              query: Object.fromEntries(Object.entries(changed as object).map(([k, v]) => [k, String(v)])),
            },
      );
    }
  }
  return probes;
}

async function send(probe: Probe) {
  const res = await t.app.inject({
    method: probe.method as 'GET',
    url: `/msbapi${probe.url}`,
    query: probe.query,
    headers: { access_token: token, tenant_id: '' },
    ...(probe.body !== undefined ? { payload: probe.body as object } : {}),
  });
  let code = Number.NaN;
  try {
    code = (res.json() as { code: number }).code;
  } catch {
    // a file or a redirect
  }
  return { status: res.statusCode, code };
}

describe('text that PostgreSQL cannot store', () => {
  for (const [label, bad] of [
    ['U+0000', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ] as const) {
    it(`is refused with -6 in every string input of every route (${label})`, async () => {
      const wrong: string[] = [];
      let probed = 0;
      for (const route of apiRoutes) {
        for (const probe of probesOf(route, bad)) {
          probed++;
          const res = await send(probe);
          if (res.code !== Code.INVALID_INPUT) wrong.push(`${probe.route} → ${res.status} ${res.code}`);
        }
      }
      expect(probed).toBeGreaterThan(100);
      expect([...new Set(wrong)]).toEqual([]);
    });
  }

  it('is refused without sign-in in the token form body and query and in forgot password', async () => {
    const grant = { grant_type: 'password', client_id: 'signet-web', client_secret: DEMO_CLIENT_SECRET };
    const form = await t.call('POST', '/public/token', {
      form: { ...grant, username: `x${NUL}@demo.test`, password: 'p' },
    });
    const query = await t.call('POST', '/public/token', {
      query: { ...grant, username: 'x@demo.test', password: `p${NUL}` },
    });
    const json = await t.call('POST', '/public/token', {
      body: { ...grant, username: 'x@demo.test', password: `p${LONE_SURROGATE}` },
    });
    const forgot = await t.call('POST', '/public/users/forgotPassword', {
      body: { email: `x${LONE_SURROGATE}@demo.test` },
    });
    for (const res of [form, query, json, forgot])
      expect([res.status, res.code]).toEqual([400, Code.INVALID_INPUT]);
  });
});
