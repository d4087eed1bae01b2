/**
 * A PostgreSQL database of its own on the server `url` names, for the two-instance bench and the
 * kill test (other PostgreSQL tests empty their database as they go): created as the URL's user, or
 * as `postgres` (CI's cluster trusts local connections). An older one of that name is dropped first.
 */
import pg from 'pg'

/** Runs `work` on the `postgres` database of `url`'s server as its user, else as `postgres`; the first that succeeds. */
async function asAdmin(url: string, work: (client: pg.Client) => Promise<void>): Promise<boolean> {
  for (const user of [new URL(url).username, 'postgres']) {
    const admin = new URL(url)
    admin.username = user
    admin.pathname = '/postgres'
    const client = new pg.Client({ connectionString: admin.toString() })
    try {
      await client.connect()
      await work(client)
      return true
    } catch {
      // Not allowed as this user: try the next.
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  return false
}

/** Creates the database `name` owned by `url`'s user; returns its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  const owner = new URL(url).username
  const created = await asAdmin(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name}`)
    await client.query(`CREATE DATABASE ${name} OWNER ${owner}`)
  })
  if (!created) throw new Error(`cannot create a database on ${url} (as its user or as postgres)`)
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/** Drops the database `url` names. */
export async function dropDatabase(url: string): Promise<void> {
  await asAdmin(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`)
  })
}
