import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    sequence: { groupOrder: 0 },
    include: ['test/**/*.test.ts'],
    // Generating the types of the whole document takes 2 s on a quiet machine and over 8 s on a busy one.
    testTimeout: 60_000,
  },
});
