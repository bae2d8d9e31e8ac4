import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'pdf',
    sequence: { groupOrder: 1 },
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
  },
});
