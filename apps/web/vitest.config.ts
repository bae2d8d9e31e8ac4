import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    sequence: { groupOrder: 3 },
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // A whole screen rendered in jsdom takes seconds when the 2-core machine is busy (CI).
    testTimeout: 15_000,
    // As findBy* (test/setup.ts): a state reached late on a busy machine is still reached.
    expect: { poll: { timeout: 10_000 } },
  },
});
