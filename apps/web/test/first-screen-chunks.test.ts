import { describe, expect, it } from 'vitest';
import { firstScreenChunks } from '../first-screen-chunks.ts';
import { type ChunkingContext, staticImports } from '../module-imports.ts';

/** A module graph as Rolldown shows it: each module's code and the ids its imports resolved to. */
function graph(modules: Record<string, { code: string; imports?: string[] }>): ChunkingContext {
  return {
    getModuleInfo: (id) => {
      const m = modules[id];
      return m ? { code: m.code, importedIds: m.imports ?? [] } : null;
    },
  };
}

const UI = '/app/node_modules/ui/index.mjs';
const BUTTON = '/app/node_modules/ui/button.mjs';
const TABS = '/app/node_modules/ui/tabs.mjs';
const CONTRACTS = '/app/packages/contracts/src/index.ts';
const CONSTANTS = '/app/packages/contracts/src/constants.ts';
const SCHEMAS = '/app/packages/contracts/src/schemas.ts';
const ZOD = '/app/node_modules/zod/index.js';

const library = {
  [UI]: {
    code: 'import { Button } from "./button.mjs";\nimport { Tabs as T } from "./tabs.mjs";\nexport { Button, T as Tabs };',
    imports: [BUTTON, TABS],
  },
  [BUTTON]: { code: 'export function Button() {}' },
  [TABS]: { code: 'export const Tabs = 1;' },
  [CONTRACTS]: {
    code: 'export * from "./constants.ts";\nexport * from "./schemas.ts";',
    imports: [CONSTANTS, SCHEMAS],
  },
  [CONSTANTS]: { code: 'export const LANGUAGES = ["en"];\nexport const LIMIT = 3;' },
  [SCHEMAS]: { code: 'import { z } from "zod";\nexport const User = z.object({});', imports: [ZOD] },
  [ZOD]: { code: 'export const z = {};' },
};

describe('the modules a module needs', () => {
  it('are, through a package index, only those that define the names it imports', () => {
    const ctx = graph({
      ...library,
      '/app/src/page.tsx': {
        code: 'import { Button } from "ui";\nimport { LANGUAGES } from "@signet/contracts";',
        imports: [UI, CONTRACTS],
      },
    });
    expect(staticImports(ctx, '/app/src/page.tsx', new Map())).toEqual([BUTTON, CONSTANTS]);
  });

  it('are the whole index when the module takes it whole (a namespace import)', () => {
    const ctx = graph({
      ...library,
      '/app/src/page.tsx': { code: 'import * as ui from "ui";', imports: [UI] },
    });
    expect(staticImports(ctx, '/app/src/page.tsx', new Map())).toEqual([UI]);
  });
});

describe('the files of the first screens', () => {
  const ctx = graph({
    ...library,
    '/app/src/main.tsx': { code: 'import { LANGUAGES } from "@signet/contracts";', imports: [CONTRACTS] },
    '/app/src/sign.tsx': {
      code: 'import { Button } from "ui";\nimport { User } from "@signet/contracts";\nimport { shared } from "./shared.ts";',
      imports: [UI, CONTRACTS, '/app/src/shared.ts'],
    },
    '/app/src/login.tsx': { code: 'import { shared } from "./shared.ts";', imports: ['/app/src/shared.ts'] },
    '/app/src/shared.ts': { code: 'import { Tabs } from "ui";\nexport const shared = 1;', imports: [UI] },
  });
  const chunks = firstScreenChunks('/app', 'src/main.tsx', {
    '/sign': { modules: ['src/sign.tsx'] },
    '/login': { modules: ['src/login.tsx'] },
  });
  const nameOf = (id: string) => chunks.groups.map((g) => g.name(id, ctx)).find((n) => n !== null) ?? null;

  it("keep the entry's modules together, without what the entry does not use of an index", () => {
    expect(nameOf(CONSTANTS)).toBe('boot');
    expect(nameOf('/app/src/main.tsx')).toBe('boot');
    expect(nameOf(ZOD)).not.toBe('boot');
  });

  it('put a module into the file of the set of first screens that load it', () => {
    expect(nameOf(BUTTON)).toBe('screen-sign');
    expect(nameOf(SCHEMAS)).toBe('screen-sign');
    expect(nameOf(ZOD)).toBe('screen-sign');
    expect(nameOf('/app/src/shared.ts')).toBe('screen-sign-login');
    expect(nameOf(TABS)).toBe('screen-sign-login');
  });

  it('leave the route modules themselves, and what no first screen loads, to the bundler', () => {
    expect(nameOf('/app/src/sign.tsx')).toBeNull();
    expect(nameOf('/app/src/login.tsx')).toBeNull();
    expect(nameOf('/app/src/elsewhere.tsx')).toBeNull();
  });
});
