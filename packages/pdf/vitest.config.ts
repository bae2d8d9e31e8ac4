import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'pdf',
    sequence: { groupOrder: 1 },
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // Most tests here start processes (the ingest sandbox, the CLI, openssl, pdfsig, qpdf); on
    // the shared 2-core machines the first fork of a file can take over 5 s under load.
    testTimeout: 30_000,
  },
});
