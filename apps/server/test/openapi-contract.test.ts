import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Deps } from '../src/domain/deps.ts';
import { serializeOpenApi } from '../src/http/openapi-document.ts';
import { defineRoute, registerRoutes } from '../src/http/route.ts';
import { SPEC_SECTION_7_PATHS } from './support/spec-section-7-paths.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

const ROOT = new URL('../../../', import.meta.url);
const run = promisify(execFile);
let t: TestServer;
let doc: Document;
let served: string;
beforeAll(async () => {
  t = await startTestServer();
  const res = await t.app.inject({ method: 'GET', url: '/msbapi/openapi.json' });
  served = res.body;
  doc = res.json() as Document;
});
afterAll(() => t.close());

function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, string, Operation] => [path, method, op]),
  );
}

describe('the OpenAPI document', () => {
  it('names every operation with a unique operationId and gives it a tag', () => {
    const ids = operations().map(([path, method, op]) => op.operationId ?? `${method} ${path} has none`);
    expect(ids.filter((id) => id.includes(' has none'))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations().filter(([, , op]) => !op.tags?.length)).toEqual([]);
  });

  it('declares the security of every operation: none for public calls, the token headers for the rest', () => {
    const byId = new Map(operations().map(([, , op]) => [op.operationId, op]));
    expect(byId.get('issueToken')?.security).toEqual([]);
    expect(byId.get('checkAlive')?.security).toEqual([]);
    expect(byId.get('startEpak')?.security).toEqual([{ accessToken: [] }, { bearer: [] }]);
    expect(operations().filter(([, , op]) => op.security === undefined)).toEqual([]);
  });

  it('documents error answers in the shared envelope: 4xx for every operation, 401 and 403 where a token is needed', () => {
    for (const [path, method, op] of operations()) {
      const statuses = Object.keys(op.responses);
      // A browser form post answers with the page to open (303) instead of a body.
      const success = op.responses['303'] ? '303' : '200';
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining([success, '400', '500']));
      if (op.security?.length)
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
      if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
      for (const status of statuses.filter((s) => s >= '400')) {
        expect(op.responses[status]?.$ref, `${method} ${path} ${status}`).toMatch(
          /^#\/components\/responses\//,
        );
      }
    }
    expect(doc.components.schemas?.ErrorEnvelope).toMatchObject({ required: ['code', 'message'] });
    expect(doc.components.responses?.Conflict).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
  });

  it('documents and answers every path of the specification’s §7', async () => {
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const documented = new Map(
      Object.entries(doc.paths).map(([path, item]) => [shape(path), { path, item }]),
    );
    const missing = SPEC_SECTION_7_PATHS.filter((p) => !documented.has(shape(p)));
    expect(missing).toEqual([]);
    // Answered: each path's first documented method, called without credentials, reaches its route
    // (refused as unauthenticated or invalid, never the not-found handler's "No route …").
    const unknown: string[] = [];
    for (const specPath of SPEC_SECTION_7_PATHS) {
      const { path, item } = documented.get(shape(specPath)) ?? { path: specPath, item: {} };
      const method = Object.keys(item)[0]?.toUpperCase() ?? 'GET';
      const url = `/msbapi${path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
      const res = await t.app.inject({ method: method as 'GET', url });
      if (res.statusCode === 404 && res.json<{ message?: string }>().message?.startsWith('No route '))
        unknown.push(`${method} ${path}`);
    }
    expect(unknown).toEqual([]);
  });

  it('writes paths under the /msbapi server, and leaves the older prefixes and duplicate URLs out', async () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/msbapi' })]);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/public/token', '/v2/epaks/{ePakId}/start', '/v1/configuration']),
    );
    expect(paths.filter((p) => /msbapi|^\/v3\/compose/.test(p))).toEqual([]);
    expect(operations().filter(([, method]) => method === 'head')).toEqual([]);
    // The older prefixes still answer.
    const admin = await t.signIn('admin@demo.test');
    for (const url of ['/msbapi/v1/config', '/signdrive/msbapi/v1/configuration']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { access_token: admin.token } });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
  });

  it('has no two paths that differ only by the names of their parameters', () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
  });

  it('describes uploads as multipart and downloads as files, so a generated client can send and read them', () => {
    const upload = doc.paths['/v1/documents']?.post as unknown as { requestBody: { content: object } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(doc.paths['/v2/epaks/{ePakId}/download']?.get?.responses['200']).toMatchObject({
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    });
  });

  it('passes Redocly’s recommended rules (redocly.yaml) with no error, warning only of the listed path pairs', async () => {
    const cli = fileURLToPath(new URL('node_modules/@redocly/cli/bin/cli.js', ROOT));
    // The CLI exits 1 when it finds errors; its report is on stdout either way.
    const { stdout } = await run(process.execPath, [cli, 'lint', '--format=json'], {
      cwd: fileURLToPath(ROOT),
    }).catch((failed: { stdout: string }) => failed);
    const report = JSON.parse(stdout) as {
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([
      'warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/v2/epaks/{ePakId}/togglestar` and `/v2/epaks/easysignlinks/{ePakId}`.',
      ...['members', 'folders', 'documents', 'compose'].map(
        (sub) =>
          `warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: \`/v1/teamrooms/clone/{teamRoomId}\` and \`/v1/teamrooms/{teamRoomId}/${sub}\`.`,
      ),
    ]);
  });

  it('is the document checked in for the client (regenerate with `npm run generate -w packages/client`)', async () => {
    const checkedIn = await readFile(new URL('packages/client/openapi.json', ROOT), 'utf8');
    expect(checkedIn === serializeOpenApi(JSON.parse(served))).toBe(true);
  });
});

describe('route declarations', () => {
  const route = (operationId: string, url: string) =>
    defineRoute({
      method: 'GET',
      url,
      operationId,
      auth: 'public',
      summary: 'A test route',
      tags: ['Test'],
      response: z.string(),
      handler: () => 'ok',
    });

  it('refuse two routes with the same operationId, which would collide in generated clients', () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const options = {
      authRateLimit: async () => {},
      inFlight: { run: <T>(f: () => T) => f(), idle: async () => {} },
    };
    expect(() =>
      registerRoutes(app, [route('getThing', '/a'), route('getThing', '/b')], {} as Deps, options as never),
    ).toThrow(/operationId getThing/);
  });
});
