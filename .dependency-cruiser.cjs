// The house's import rules, in one file (issue 33; decisions 0295–0299), checked by `pnpm check` as
// `pnpm run check:imports`. Paths are from the repository's root; `$1` is the folder the `from` path caught.

/** Tests, benches and the helpers of the tests: they drive the product from outside and may reach further. */
const TESTS = ['\\.(test|spec|bench)\\.(ts|tsx|mts)$', '(^|/)test/'];

const API = '^apps/api/src/';
const WEB = '^apps/web/src/';

/** A package as the resolver finds it, in pnpm's store or in a plain node_modules. */
const npm = (name) => `(^|/)node_modules/${name}(/|$)`;

/** Each outside service's SDK or protocol, and the one adapter (apps/api/src/adapters/) that may import it. */
const ADAPTERS = [
  { service: 'SMTP', sdk: npm('nodemailer'), adapter: 'smtp' },
  { service: 'S3', sdk: npm('@aws-sdk/[^/]+'), adapter: 's3' },
  { service: 'the OIDC client', sdk: npm('openid-client'), adapter: 'oidc' },
  { service: 'OpenTelemetry', sdk: npm('(@opentelemetry/[^/]+|@fastify/otel)'), adapter: 'opentelemetry' },
  { service: 'webhook receivers', sdk: npm('standardwebhooks'), adapter: 'webhook-receivers' },
  // node:dns resolves to the core module 'dns': the domain proofs' lookups, and the address guard's one
  // lookup before an outbound connection (decision 0252).
  { service: 'DNS', sdk: '^dns(/promises)?$', adapter: '(dns|address-guard)' },
];

const adapterRules = ADAPTERS.map(({ service, sdk, adapter }) => ({
  name: `only-the-adapter-imports-${service.replace(/\W+/g, '-').toLowerCase()}`,
  comment: `${service} is reached through apps/api/src/adapters/ only: nothing else imports its SDK (tests aside).`,
  severity: 'error',
  from: { pathNot: [`^apps/api/src/adapters/${adapter}\\.ts$`, ...TESTS] },
  to: { path: sdk },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment:
        'No file depends on itself through others (type imports included): the type or piece two files share moves to the one it describes.',
      severity: 'error',
      from: { path: '^(apps|packages|bench)/' },
      to: { circular: true },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      comment:
        'packages/contracts is the bottom of the house: the API, the web and the bench import it, never the reverse.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|bench|e2e|packages/(?!contracts/))' },
    },
    {
      name: 'web-and-api-meet-only-in-contracts',
      comment: 'Data flows web → contracts ← api: neither app imports the other.',
      severity: 'error',
      from: { path: '^apps/(web|api)/' },
      to: { path: '^apps/(web|api)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'api-no-upward-import',
      comment:
        'plugins/, lib/ and adapters/ sit below the modules: they never import modules/ (their tests may).',
      severity: 'error',
      from: { path: `${API}(plugins|lib|adapters)/`, pathNot: TESTS },
      to: { path: `${API}modules/` },
    },
    {
      name: 'api-only-the-server-builds-the-app',
      comment: 'app.ts (buildApp) is the top: only server.ts and the tests import it.',
      severity: 'error',
      from: { path: API, pathNot: [`${API}server\\.ts$`, ...TESTS] },
      to: { path: `${API}(app|server)\\.ts$` },
    },
    {
      name: 'api-no-module-internals',
      comment:
        "A module uses another's verbs, access rules, mappers and mails; its handlers (*.routes.ts, mounted by app.ts) and its tests stay its own.",
      severity: 'error',
      from: { path: `${API}modules/([^/]+)/` },
      to: {
        path: [`${API}modules/[^/]+/.+\\.routes\\.ts$`, `${API}modules/[^/]+/.+\\.test\\.ts$`],
        pathNot: `${API}modules/$1/`,
      },
    },
    ...adapterRules,
    {
      name: 'web-feature-imports-no-other-feature',
      comment:
        "A feature owns its calls and pieces; screens (routes/) compose features. The admin area's folders are features of their own.",
      severity: 'error',
      from: { path: `${WEB}features/(?!admin/)([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-admin-feature-imports-no-other-feature',
      comment: 'The same rule for features/admin/<area>/.',
      severity: 'error',
      from: { path: `${WEB}features/admin/([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/admin/$1/` },
    },
    {
      name: 'web-feature-no-upward-import',
      comment: 'A feature never imports a screen (routes/) or the app shell (app/).',
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: TESTS },
      to: { path: `${WEB}(routes|app)/` },
    },
    {
      name: 'web-shared-no-upward-import',
      comment:
        'components/, lib/ and config/ are shared by everything above them: they import no feature, screen or shell.',
      severity: 'error',
      from: { path: `${WEB}(components|lib|config)/`, pathNot: TESTS },
      to: { path: `${WEB}(features|routes|app)/` },
    },
    {
      name: 'bench-talks-as-a-client',
      comment:
        'bench/ reaches the product as a client does (HTTP, the database, @cabinet/contracts); of apps/api it imports only the entry the API exports for it, @cabinet/api/bench (how the process is started).',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^apps/', pathNot: '^apps/api/node-flags\\.(mjs|d\\.mts)$' },
    },
    {
      name: 'bench-uses-the-api-export',
      comment: 'That entry by its package name (@cabinet/api/bench), never by a path into apps/.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^apps/', dependencyTypes: ['local'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps|packages)/[^/]+/(dist|src/generated)/' },
    // Type-only imports count: a cycle of types is a cycle a reader has to untie.
    tsPreCompilationDeps: true,
    // The web's '@/' alias, seen from the root (tsconfig.depcruise.json).
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
