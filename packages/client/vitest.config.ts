import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    sequence: { groupOrder: 0 },
    include: ['test/**/*.test.ts'],
  },
});
