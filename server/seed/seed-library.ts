import type { Queryable } from '../db/db'
import { upsertSeedFolders, type SeedFolder } from '../repositories/folders-repository'
import { coverUrl, DEMO_BOOK_FILES, DEMO_FOLDER_TREE } from './content/demo-library'

const BASE_TIME = Date.UTC(2025, 2, 18, 12, 0, 0)
const HOUR = 3_600_000

/** A fixed time, `n` steps of 7.5 hours before the base, so every run writes the same data. */
const fixedTime = (n: number) => new Date(BASE_TIME - n * 7.5 * HOUR).toISOString()

/**
 * The demo folder trees. Fixed ids are upserted, so re-seeding restores the demo items without
 * touching what users created (their ids start at 1000).
 */
export async function seedLibrary(q: Queryable): Promise<void> {
  const folders: SeedFolder[] = DEMO_FOLDER_TREE.map((f, i) => ({
    id: f.id,
    userId: f.userId,
    parentId: f.parentId,
    type: f.type,
    title: f.title,
    intro: f.intro,
    imageUrl: coverUrl(f.cover),
    categoryId: f.categoryId,
    ages: f.ages,
    tags: f.tags,
    status: f.status,
    position: DEMO_FOLDER_TREE.filter((o) => o.parentId === f.parentId && o.userId === f.userId).indexOf(f),
    fileSizeMb: 0,
    quizCnt: 0,
    fileSuffix: '',
    updatedAt: fixedTime(i),
  }))
  const books: SeedFolder[] = DEMO_BOOK_FILES.map((b, i) => {
    const parent = DEMO_FOLDER_TREE.find((f) => f.id === b.parentId)!
    return {
      id: b.id,
      userId: b.userId,
      parentId: b.parentId,
      type: 0,
      title: b.title,
      intro: b.intro,
      imageUrl: coverUrl(b.cover),
      categoryId: parent.categoryId,
      ages: parent.ages,
      tags: parent.tags,
      status: b.status,
      position: DEMO_BOOK_FILES.filter((o) => o.parentId === b.parentId).indexOf(b),
      fileSizeMb: b.sizeMb,
      quizCnt: b.quizCnt,
      fileSuffix: b.suffix,
      updatedAt: fixedTime(i + 1),
    }
  })
  // One statement: the foreign keys are checked at its end, when every parent is there.
  await upsertSeedFolders(q, [...folders, ...books])
}
