/**
 * The bench's own large data, written into its throw-away database through the server's repositories:
 * shares with N slides (the demo picture book's pages repeated) and folders with N picture books
 * (the demo folder's books repeated). Ids start far above the seed's and the sequences' ranges.
 */
import { openDb } from '../../server/db/open-db.ts'
import { listChildren, upsertSeedFolders, type SeedFolder } from '../../server/repositories/folders-repository.ts'
import { insertShareItems, listShareItems, type NewShareItem } from '../../server/repositories/share-items-repository.ts'
import { insertShareSentences, listShareSentences, type NewShareSentence } from '../../server/repositories/share-sentences-repository.ts'
import { findShare, insertShares } from '../../server/repositories/shares-repository.ts'
import { DEMO_FOLDERS, DEMO_SHARES, DEMO_USERS } from '../../server/seed/demo.ts'
import { seedIfEmpty } from '../../server/seed/seed.ts'

/** The share code of the N-slide share. */
export const scaleShareCode = (slides: number) => `bench-slides-${slides}`
/** The folder id of the N-item folder. */
export const scaleFolderId = (items: number) => 900_000 + items

const SHARE_ITEM_BASE = 10_000_000

/** Seeds the demo data and the scaling shares and folders into the PGlite database under `dataDir`. */
export async function seedScale(dataDir: string, slideCounts: readonly number[], folderSizes: readonly number[]): Promise<void> {
  const db = await openDb({ dataDir })
  try {
    await seedIfEmpty(db)
    const demo = await findShare(db, DEMO_SHARES.book)
    const pages = await listShareItems(db, DEMO_SHARES.book)
    const sentences = await listShareSentences(db, DEMO_SHARES.book)
    if (!demo || pages.length === 0) throw new Error('the demo book share is missing: cannot build the scaling shares')
    for (const [k, count] of slideCounts.entries()) {
      const code = scaleShareCode(count)
      const items: NewShareItem[] = []
      const rows: NewShareSentence[] = []
      for (let p = 0; p < count; p++) {
        const page = pages[p % pages.length]!
        const id = SHARE_ITEM_BASE * (k + 1) + p
        items.push({
          id,
          shareCode: code,
          position: p,
          imageUrl: page.imageUrl,
          contentEn: page.contentEn,
          contentCn: page.contentCn,
          mediaUrl: page.mediaUrl,
          startSec: page.startSec,
          endSec: page.endSec,
          record: page.audioRecord ? { mediaUrl: page.audioRecord.mediaUrl, score: page.audioRecord.suggestedScore } : null,
        })
        sentences
          .filter((s) => s.itemId === page.id)
          .forEach((s, i) => {
            rows.push({
              id: id * 10 + i,
              itemId: id,
              position: i,
              en: s.en,
              cn: s.cn,
              mediaUrl: s.mediaUrl,
              startMs: s.startTimeMs,
              endMs: s.endTimeMs,
              record: s.audioRecord ? { mediaUrl: s.audioRecord.mediaUrl, score: s.audioRecord.suggestedScore } : null,
            })
          })
      }
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM shares WHERE code = $1', [code])
        await insertShares(tx, [{ ...demo, code, title: `${demo.title}（${count}页）` }])
        await insertShareItems(tx, items)
        await insertShareSentences(tx, rows)
      })
    }
    const books = await listChildren(db, DEMO_USERS.vip.id, DEMO_FOLDERS.starterBooks)
    if (books.length === 0) throw new Error('the demo folder has no books: cannot build the scaling folders')
    const parent = books[0]!
    for (const size of folderSizes) {
      const id = scaleFolderId(size)
      const folder: SeedFolder = {
        id,
        userId: DEMO_USERS.vip.id,
        parentId: parent.parentId,
        type: 1,
        title: `测试文件夹（${size}本）`,
        intro: '',
        imageUrl: parent.imageUrl,
        categoryId: parent.categoryId,
        ages: parent.ages,
        tags: parent.tags,
        status: 0,
        position: 1000 + size,
        fileSizeMb: 0,
        quizCnt: 0,
        fileSuffix: '',
        updatedAt: new Date().toISOString(),
      }
      const children: SeedFolder[] = Array.from({ length: size }, (_, i) => {
        const book = books[i % books.length]!
        return {
          ...folder,
          id: id * 1000 + i,
          parentId: id,
          type: 0,
          title: `${book.title} ${i + 1}`,
          imageUrl: book.imageUrl,
          position: i,
          fileSizeMb: 1,
          fileSuffix: book.fileSuffix,
        }
      })
      await upsertSeedFolders(db, [folder])
      await upsertSeedFolders(db, children)
    }
  } finally {
    await db.close()
  }
}
