#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, resolved from this package, so `npx signet-pdf` works
// from the repository root right after `npm ci` without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
