/**
 * The heavy user of issue 17: the demo basic user with 150 type 1 folders at the root holding 40
 * books each (6,000). Written in bulk through the server's own database code before the server
 * starts (PGlite is one process's; 6,150 adds through the API take minutes on this machine); the
 * listings are then measured through HTTP.
 */
import { openDb, type OpenDbOptions } from '../../server/db/open-db.ts'
import { insertRows } from '../../server/db/bulk.ts'
import { DEMO_USERS } from '../../server/seed/demo.ts'
import { seedIfEmpty } from '../../server/seed/seed.ts'

export const HEAVY_FOLDERS = 150
export const BOOKS_PER_FOLDER = 40
/** Books of the heavy user's full folder (issue 32 item 4): the folder limit. */
export const FULL_FOLDER_BOOKS = 1000

/**
 * Seeds the demo data and the heavy user's folders and books into `dataDir`'s PGlite (or the
 * PostgreSQL of `databaseUrl`), and a type 1 folder at the heavy user's root holding 1,000 books;
 * returns that folder's id.
 */
export async function seedHeavyUser(where: string | OpenDbOptions): Promise<number> {
  const db = await openDb(typeof where === 'string' ? { dataDir: where } : where)
  try {
    await seedIfEmpty(db)
    const userId = DEMO_USERS.basic.id
    const folders = await db.query<{ id: number }>(
      `INSERT INTO folders (user_id, parent_id, type, title, position)
       SELECT $1, NULL, 1, '专辑 ' || n, 1000 + n FROM generate_series(1, $2::int) n RETURNING id`,
      [userId, HEAVY_FOLDERS],
    )
    const books = folders.flatMap((folder) =>
      Array.from({ length: BOOKS_PER_FOLDER }, (_, n) => ({
        user_id: userId,
        parent_id: folder.id,
        type: 0,
        title: `绘本 ${n + 1}`,
        position: n,
        file_size_mb: 0.5,
      })),
    )
    for (let i = 0; i < books.length; i += 1000) await insertRows(db, 'folders', books.slice(i, i + 1000))
    const [full] = await db.query<{ id: number }>(
      `INSERT INTO folders (user_id, parent_id, type, title, position) VALUES ($1, NULL, 1, '一千本', 0) RETURNING id`,
      [userId],
    )
    await insertRows(
      db,
      'folders',
      Array.from({ length: FULL_FOLDER_BOOKS }, (_, n) => ({
        user_id: userId,
        parent_id: full!.id,
        type: 0,
        title: `绘本 ${n + 1}`,
        position: n,
        file_size_mb: 0.5,
      })),
    )
    // Room for the imports of the fair-under-load phase (the books above already hold 3,500 MB).
    await db.query('UPDATE capacities SET total_mb = 1000000 WHERE user_id = $1', [userId])
    return full!.id
  } finally {
    await db.close()
  }
}
