// Boots the sandbox process: registers tsx, then loads the TypeScript entry. Plain JS because
// nothing can load .ts before this runs.
import { register } from 'tsx/esm/api';

register();
await import('./sandbox-worker.ts');
