import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { beforeAll, describe, expect, it } from 'vitest';

// The same check as `npm run lint:layers`, through dependency-cruiser's API (which runs on the
// machine's Node too), so that the suite CI runs fails when an arrow of ARCHITECTURE.md breaks.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let result: ICruiseResult;

beforeAll(async () => {
  const ruleSet = await extractDepcruiseConfig(`${repoRoot}.dependency-cruiser.cjs`);
  const { output } = await cruise(['apps', 'packages', 'e2e', 'scripts'], {
    ...ruleSet.options,
    ruleSet,
    validate: true,
    baseDir: repoRoot,
  });
  result = output as ICruiseResult;
});

describe('layer rules', () => {
  it('no import breaks an arrow: db below domain, packages below apps, web apart from server and PDF engine, no cycles', () => {
    const violations = result.summary.violations.map(
      (v) => `${v.rule.name}: ${[v.from, ...(v.cycle?.map((c) => c.name) ?? [v.to])].join(' → ')}`,
    );
    expect(violations).toEqual([]);
  });

  it('the rules read TypeScript imports, type-only ones included, so a clean result means something', () => {
    const module = result.modules.find((m) => m.source === 'apps/server/src/db/repositories/epaks.ts');
    const targets = module?.dependencies.map((d) => d.resolved) ?? [];
    expect(targets).toContain('apps/server/src/model/workflow-state.ts');
    expect(targets).toContain('apps/server/src/db/database.ts');
  });
});
