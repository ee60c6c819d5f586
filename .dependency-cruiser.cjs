/**
 * The import rules the layout relies on (docs/architecture.md), checked by `npm run lint`.
 * Type-only imports count too: a room that names another room's types depends on it.
 */
const KNEX = '^node_modules/knex/';
const KOA = '^node_modules/(koa|koa-[^/]+|@koa/[^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: each module must be understandable from the ones below it.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'routes-never-import-knex',
      severity: 'error',
      comment: 'Routes are thin: they validate, call an operation of src/queries and answer. SQL lives in src/queries.',
      from: { path: '^src/routes/' },
      to: { path: KNEX },
    },
    {
      name: 'queries-never-import-koa',
      severity: 'error',
      comment: 'Queries know nothing of HTTP: they take QueryDeps and plain values, and return plain values.',
      from: { path: '^src/queries/' },
      to: { path: [KOA, '^src/(http|routes|export|schemas)/', '^src/(app|server|openapi)\\.ts$'] },
    },
    {
      name: 'resources-are-declarations',
      severity: 'error',
      comment:
        'A resource module declares its fields (type, label, column, filters, sorts, export display); the queries, ' +
        'schemas and exports derive from it, so it uses nothing of HTTP, exports or the database connection.',
      from: { path: '^src/resources/' },
      to: { path: [KOA, '^src/(http|routes|export|lifecycle|db)/', '^src/(app|server|openapi|config)\\.ts$'] },
    },
    {
      name: 'src-never-imports-migrations',
      severity: 'error',
      comment:
        'Migrations are frozen history: the facts the code needs live in src (src/queries/search/schema.ts), ' +
        'and test/search-schema.test.ts checks them against migrated databases.',
      from: { path: '^src/' },
      to: { path: '^(migrations|seeds|test|bench|scripts)/' },
    },
    {
      name: 'operations-are-the-top-room',
      severity: 'error',
      comment: 'Only operations (what a route asks for) combine the other rooms; nothing in src/queries imports them.',
      from: { path: '^src/queries/', pathNot: '^src/queries/operations/' },
      to: { path: '^src/queries/operations/' },
    },
    {
      name: 'paging-over-freshness-and-search',
      severity: 'error',
      comment: 'Paging may use freshness (kept counts and positions) and search (plans), never the reverse.',
      from: { path: '^src/queries/(freshness|search)/' },
      to: { path: '^src/queries/paging/' },
    },
    {
      name: 'search-and-freshness-apart',
      severity: 'error',
      comment: 'How rows are found and how answers are kept are independent rooms.',
      from: { path: '^src/queries/(freshness|search)/' },
      to: { path: '^src/queries/(freshness|search)/', pathNot: '^src/queries/$1/' },
    },
    {
      name: 'queries-base-stays-below-the-rooms',
      severity: 'error',
      comment: 'deps, run, values and predicates are what every room builds on: they import no room.',
      from: { path: '^src/queries/[^/]+\\.ts$' },
      to: { path: '^src/queries/(operations|paging|freshness|search)/' },
    },
    {
      name: 'drivers-only-in-dialects',
      severity: 'error',
      comment:
        'What differs per database lives in its module of src/db/dialects/ (docs/architecture.md): ' +
        'a database driver is imported there and nowhere else in src.',
      from: { path: '^src/', pathNot: '^src/db/dialects/' },
      to: { path: '^node_modules/(pg|pg-[^/]+|mysql2|tedious|better-sqlite3)/' },
    },
    {
      name: 'dialects-through-their-index',
      severity: 'error',
      comment:
        'The rest of src asks the record of its database (dialects/index.ts dialectFor, dialectOf) and never ' +
        "picks a database by name: no module outside src/db/dialects/ imports one database's module.",
      from: { path: '^src/', pathNot: '^src/db/dialects/' },
      to: { path: '^src/db/dialects/(?!index\\.ts$|dialect\\.ts$)[^/]+$' },
    },
    {
      name: 'dialects-are-records',
      severity: 'error',
      comment: 'A dialect says what differs for its database; it uses no room of src/queries nor anything of HTTP.',
      from: { path: '^src/db/dialects/' },
      to: { path: '^src/(queries|http|routes|export|schemas|lifecycle)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
