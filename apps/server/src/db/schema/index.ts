export * from './activity.ts';
export * from './auth.ts';
export * from './epaks.ts';
export * from './integrations.ts';
export * from './mail.ts';
export * from './templates.ts';
export * from './tenants.ts';
export * from './users.ts';
