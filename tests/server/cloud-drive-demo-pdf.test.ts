/** The demo drive's PDFs are real, well-formed files (the tiny writer in server/cloud-drive/demo/). */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { DEMO_BOOKS } from '../../server/cloud-drive/demo/demo-books'
import { demoBlobs } from '../../server/cloud-drive/demo/seed-demo-drive'

const blobs = demoBlobs()
const noPdfinfo =
  spawnSync('pdfinfo', ['-v']).error === undefined
    ? null
    : 'pdfinfo is not installed (apt-get install poppler-utils; .ci/system-deps.bash installs it)'
const dir = mkdtempSync(join(tmpdir(), 'kids-english-pdf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the demo PDFs', () => {
  it.each(DEMO_BOOKS.map((book) => [book.key, book] as const))(
    '%s has a cross-reference table that points at every object',
    (key, book) => {
      const bytes = blobs.get(`${key}.pdf`)!
      const text = bytes.toString('latin1')
      expect(text.startsWith('%PDF-1.4\n')).toBe(true)
      expect(text.endsWith('%%EOF\n')).toBe(true)
      const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1])
      expect(text.slice(startxref, startxref + 4)).toBe('xref')
      const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
      offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`))
      expect(text.match(/\/Type \/Page /g)).toHaveLength(book.pages.length + 1)
      // The first page's drawing, inflated: the title in Helvetica-Bold and filled shapes.
      const stream = /stream\n([\s\S]*?)\nendstream/.exec(text)![1]!
      const content = inflateSync(Buffer.from(stream, 'latin1')).toString('latin1')
      expect(content).toContain(`(${book.title.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj`)
      expect(content).toMatch(/ re f\n/)
      expect(content).toMatch(/ c\nf/)
    },
  )

  it('open in poppler with their title and page count', skipBecause(noPdfinfo), () => {
    for (const book of DEMO_BOOKS) {
      const path = join(dir, `${book.key}.pdf`)
      writeFileSync(path, blobs.get(`${book.key}.pdf`)!)
      const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
      expect(info).toMatch(new RegExp(`^Title:\\s+${book.title}$`, 'm'))
      expect(info).toMatch(new RegExp(`^Pages:\\s+${book.pages.length + 1}$`, 'm'))
    }
  })

  it('are the same bytes every time they are generated', () => {
    const again = demoBlobs()
    for (const [name, bytes] of blobs) expect(again.get(name)!.equals(bytes), name).toBe(true)
  })
})
