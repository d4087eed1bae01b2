/**
 * The PostgreSQL of tests/server/pg-*.test.ts: `TEST_DATABASE_URL`, a disposable database (its tables are
 * emptied), which `npm test` starts (scripts/test/test-postgres.ts) unless it is set. Without it (vitest run by
 * hand) those files are skipped with the reason; in CI (`CI` set) they fail instead.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL

/** Why the PostgreSQL tests cannot run here, or null. */
export const noTestDatabase = testDatabaseUrl
  ? null
  : 'TEST_DATABASE_URL is not set: `npm test` starts a PostgreSQL for it; by hand, npm run with-postgres -- "npx vitest run <files>"'
if (noTestDatabase && process.env.CI) throw new Error(`the PostgreSQL tests need PostgreSQL in CI: ${noTestDatabase}`)
