#!/usr/bin/env node
// Runs the TypeScript CLI without a build step, so `npx signet-pdf` works from the repository root
// right after `npm ci`. Node 24 reads the engine's TypeScript itself (type stripping: the engine
// keeps to erasable syntax); older Node goes through tsx, resolved from this package, which costs
// about 0.1 s of start-up more.
import module from 'node:module';

// V8's compiled code (and Node's stripped TypeScript) kept on disk between runs: a shorter start.
module.enableCompileCache?.();
if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import('../src/cli/main.ts');
