import { defineConfig } from 'vitest/config';

// One project per workspace, so `vitest run --project server` re-runs only the database suites.
// Each project has its own `sequence.groupOrder`: the groups run one after another (their worker
// settings differ, and the machines have two cores), the files within a group in parallel.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/pdf', 'packages/client', 'apps/server', 'apps/web', 'e2e'],
  },
});
