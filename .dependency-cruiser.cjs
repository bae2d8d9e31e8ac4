// The arrows of ARCHITECTURE.md, checked by `npm run lint:layers` instead of remembered.
// Paths are matched from the repository root. Each rule's comment is what a developer sees
// when it breaks.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Circular imports make load order matter and hide which module owns a fact: move the shared part to a module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'db-not-to-domain',
      severity: 'error',
      comment:
        'apps/server/src/db is below the use cases: repositories take plain types (src/model or @signet/contracts) and never call domain logic, adapters, jobs or the composition root.',
      from: { path: '^apps/server/src/db/' },
      to: {
        path: [
          '^apps/server/src/(domain|http|adapters|jobs|demo)/',
          '^apps/server/src/(server|main|config)[.]ts$',
        ],
      },
    },
    {
      name: 'model-is-a-leaf',
      severity: 'error',
      comment:
        'apps/server/src/model holds the types both db and domain speak: it may import @signet/contracts and itself, nothing else of the server.',
      from: { path: '^apps/server/src/model/' },
      to: { path: '^apps/', pathNot: '^apps/server/src/model/' },
    },
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment: 'Packages are libraries of the apps: nothing in packages/ may import from apps/.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-no-node',
      severity: 'error',
      comment:
        'packages/contracts runs in the browser too: no Node built-ins (spec: "No Node, no DB, no React").',
      from: { path: '^packages/contracts/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment:
        'packages/contracts holds schemas and data shared by server and web: it depends on zod and nothing else (no database driver, no React, no PDF engine).',
      from: { path: '^packages/contracts/src/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'local'],
        pathNot: ['(^|/)node_modules/zod/', '^packages/contracts/'],
      },
    },
    {
      name: 'pdf-only-libraries-and-contracts',
      severity: 'error',
      comment:
        'packages/pdf is the PDF engine: it imports libraries and @signet/contracts (error codes) only, never another workspace.',
      from: { path: '^packages/pdf/' },
      to: {
        path: '^(apps|packages|e2e)/',
        pathNot: ['^packages/pdf/', '^packages/contracts/src/'],
      },
    },
    {
      name: 'web-not-to-server-or-pdf',
      severity: 'error',
      comment:
        'apps/web talks to the server over HTTP and shares only @signet/contracts: it never imports server code or the PDF engine.',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/server/', '^packages/pdf/'] },
    },
    {
      name: 'web-ui-is-the-ground',
      severity: 'error',
      comment:
        'apps/web/src/ui is the design system (tokens and components, apps/web/DESIGN.md): features and the shell use it, it uses neither: no feature, no routing, layout or session, only itself, libraries, @signet/contracts and the i18n service (app/i18n). Words a component shows come from its caller.',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/', pathNot: ['^apps/web/src/ui/', '^apps/web/src/app/i18n/'] },
    },
    {
      name: 'server-not-to-web',
      severity: 'error',
      comment: 'The server serves the built web app as files; it never imports its source.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'http-is-the-top',
      severity: 'error',
      comment:
        'Use cases, adapters, jobs and repositories are free of HTTP (src/http): they take an actor and input and throw AppError; routes call them, not the other way round. (Outbound HTTP is an adapter: src/adapters/http.)',
      from: { path: '^apps/server/src/(domain|adapters|db|jobs|demo|model)/' },
      to: { path: '^apps/server/src/http/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that cannot be resolved is invisible to every rule above: fix the path or add the package.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // @swc/core parses TypeScript: dependency-cruiser cannot use TypeScript 7's compiler (it has no
    // JavaScript API), and without a parser .ts files would show no imports and every rule pass.
    parser: 'swc',
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)dist/', '^e2e/artifacts/', '^apps/server/drizzle/'] },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
    preserveSymlinks: false,
  },
};
