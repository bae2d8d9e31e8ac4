import { defineProject } from 'vitest/config';

// Each file gets its own database (PGlite in memory, or a fresh schema on TEST_DATABASE_URL),
// so files run in parallel without sharing state; two workers fit the 2-core machines.
export default defineProject({
  test: {
    name: 'server',
    sequence: { groupOrder: 2 },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated PGlite dumped per run; each suite's database starts from it.
    globalSetup: ['./test/support/database-snapshot.ts'],
    // Generous: a server on PGlite starts in seconds, but in minutes on a CI machine running
    // everything at once; a limit is there to end a hung test, not to time a slow one.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
