/**
 * A PostgreSQL database of its own on the server `url` names, for the two-instance bench and the
 * kill test (other PostgreSQL tests empty their database as they go): created as the URL's user, or
 * as `postgres` (CI's cluster trusts local connections); returns its URL. An older one of that name
 * is dropped first.
 */
import pg from 'pg'

export async function createDatabase(url: string, name: string): Promise<string> {
  const target = new URL(url)
  for (const user of [target.username, 'postgres']) {
    const admin = new URL(url)
    admin.username = user
    admin.pathname = '/postgres'
    const client = new pg.Client({ connectionString: admin.toString() })
    try {
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name}`)
      await client.query(`CREATE DATABASE ${name} OWNER ${target.username}`)
      target.pathname = `/${name}`
      return target.toString()
    } catch {
      // Not allowed as this user: try the next.
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  throw new Error(`cannot create a database on ${url} (as its user or as postgres)`)
}

/** Drops the database `url` names (as its user, or as postgres). */
export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url)
  const name = target.pathname.slice(1)
  for (const user of [target.username, 'postgres']) {
    const admin = new URL(url)
    admin.username = user
    admin.pathname = '/postgres'
    const client = new pg.Client({ connectionString: admin.toString() })
    try {
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      return
    } catch {
      // Try the next.
    } finally {
      await client.end().catch(() => undefined)
    }
  }
}
