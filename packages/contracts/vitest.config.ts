import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    sequence: { groupOrder: 0 },
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
  },
});
