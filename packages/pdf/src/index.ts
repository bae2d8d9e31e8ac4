// Public API of the PDF engine. Each area keeps its own barrel; add one line per area here.

export * from './appearance/index.ts';
export * from './core/index.ts';
export * from './document/index.ts';
export * from './fonts/index.ts';
export * from './geometry/index.ts';
export * from './ingest/index.ts';
export * from './sign/index.ts';
export * from './verify/index.ts';
