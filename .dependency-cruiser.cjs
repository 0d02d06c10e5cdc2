// Architecture rules (issue 12), checked by `npm run lint` and CI (scripts/test.mjs). A new file that
// breaks one fails the build with the rule's name and the offending import.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server over HTTP only; shared code lives in packages/domain.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'domain-not-apps',
      comment: 'packages/domain is pure rules and schemas used by both apps; it imports neither.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|bench|e2e)/' },
    },
    {
      name: 'lib-not-features',
      comment:
        'apps/web/src/lib is below the features: a feature hands lib what it needs (callbacks, resources).',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'components-not-features',
      comment: 'Shared building blocks know no feature.',
      severity: 'error',
      from: { path: '^apps/web/src/components/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'features-through-index',
      comment: "A feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'modules-not-app',
      comment:
        'Server modules get what they need from deps.ts; app.ts composes them (tests may build the app).',
      severity: 'error',
      from: { path: '^apps/server/src/(modules|lib|plugins|db)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/app\\.ts$' },
    },
    {
      name: 'server-lib-not-modules',
      comment: 'apps/server/src/lib is below the modules.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'modules-through-index',
      comment:
        "A server module uses another module only through that module's index.ts (its front door, " +
        "issue 28). Tests and the test fixtures (*-fixtures.ts: the demo rows several modules' tests " +
        'share) may reach in: they are not part of any front door.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '(\\.test|-fixtures)\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles of static value imports in the apps or the domain package: a shared piece moves down ' +
        '(into the module that owns it, or lib/). A lazy chunk (import()) may lead back to the module that ' +
        'loads it (a route index and its page), and a type-only import is erased: neither is a cycle at run time.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import', 'type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
