/**
 * Issue 40 item 2: a file's book is written once, however often its step runs — a slice taken again
 * after an expiry (its instance slow, not dead), or two instances on the same import.
 */
import { describe, expect, it } from 'vitest'
import { insertImportedBook, listItems } from '../../server/repositories/cloud-import-repository'
import { DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { fsId, grant, startImport } from './helpers/cloud-drive'
import { envelope, setupServer } from './helpers/test-app'

const server = setupServer({ devRoutes: true })

describe("An imported file's step, delivered twice", () => {
  it('makes one book, one upload row and one charge', async () => {
    await grant(server.app)
    await server.app.importRunner.stop()
    const res = await startImport(server.app, { fsIds: [fsId('/英语绘本/Counting Stars.pdf')], albumId: DEMO_FOLDERS.emptyFolder })
    const { jobId } = envelope<{ jobId: string }>(res).data
    const [item] = await listItems(server.db, jobId)
    const step = (fileName: string) =>
      insertImportedBook(server.db, {
        userId: DEMO_USERS.vip.id,
        jobId,
        position: item!.position,
        folderId: DEMO_FOLDERS.emptyFolder,
        title: 'Counting Stars',
        reservedMb: item!.sizeMb,
        sizeMb: item!.sizeMb,
        suffix: 'pdf',
        fileName,
        originalName: item!.name,
        mimeType: 'application/pdf',
        sizeBytes: 1000,
      })
    const first = await step('0123456789abcdef0123456789abcdef.pdf')
    expect(first).toEqual(expect.any(Number))
    expect(await step('fedcba9876543210fedcba9876543210.pdf')).toBe('already-done')
    const books = await server.db.query('SELECT id FROM folders WHERE parent_id = $1 AND type = 0', [DEMO_FOLDERS.emptyFolder])
    expect(books).toEqual([{ id: first }])
    const uploads = await server.db.query('SELECT file_name FROM uploads WHERE book_id IS NOT NULL AND user_id = $1 ORDER BY id', [
      DEMO_USERS.vip.id,
    ])
    expect(uploads.filter((u) => /^(0123|fedc)/.test(u.file_name as string))).toEqual([
      { file_name: '0123456789abcdef0123456789abcdef.pdf' },
    ])
  })
})
