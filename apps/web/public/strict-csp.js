// The app runs under a Content-Security-Policy without 'unsafe-eval'. Zod probes for eval (to
// compile object parsers) as schemas are built, which the browser reports as a violation; its
// global configuration (this object, shared by every copy of zod on the page) turns that off.
// A classic script, so it runs before the app's module scripts build any schema.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
