import { defineProject } from 'vitest/config';

// Journeys in Debian's Chromium against the built app and a real server (see support/global-setup.ts).
// One file at a time: they share one server and one browser, and this machine has two cores.
export default defineProject({
  test: {
    name: 'e2e',
    sequence: { groupOrder: 4 },
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    // A journey's own steps time out after 15 s (support/app.ts), which catches a hang; the whole
    // journey gets room for a loaded machine, where the longest take 40 s and more.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for a state, as a locator does: on a loaded machine a screen can take
    // seconds to reach it, so the default second would time the machine, not the app.
    expect: { poll: { timeout: 15_000 } },
  },
});
