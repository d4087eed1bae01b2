/**
 * Regenerates server/demo-media/ (committed): the demo books' pictures (SVG), narration, the
 * learner's recordings and the word audio (MP3 via espeak-ng + lame), and manifest.json with
 * every clip's duration and sentence offsets, which the seed turns into startTimeMs/endTimeMs.
 *
 *   server/media-gen/generate-demo-media.sh      (checks the tools, then runs this with tsx)
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { encodeMp3, join as joinClips, speak, VOICES, durationMs } from './audio.ts'
import { renderScene } from './scenes.ts'
import { DEMO_BOOK, DEMO_CAT8, type DemoPage } from '../seed/content/demo-book.ts'
import { DEMO_COVER_NAMES } from '../seed/content/demo-library.ts'
import { DEMO_WORDS } from '../seed/content/demo-words.ts'
import { mediaKey, mediaPaths, type BookMediaDir } from '../seed/content/media-paths.ts'
import type { MediaManifest } from '../seed/media-manifest.ts'
import { DEMO_MEDIA_DIR } from '../paths.ts'

const manifest: MediaManifest = {}

function write(url: string, content: string | Buffer): void {
  const path = join(DEMO_MEDIA_DIR, mediaKey(url))
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}

/** Writes an MP3 of the joined clips and records its timings. */
function writeAudio(url: string, clips: Buffer[]): void {
  const { pcm, parts } = joinClips(clips)
  write(url, encodeMp3(pcm))
  manifest[mediaKey(url)] = { durationMs: durationMs(pcm), partsMs: parts }
}

function book(dir: BookMediaDir, content: { coverScene: string; pages: DemoPage[] }): void {
  write(mediaPaths.cover(dir), renderScene(content.coverScene))
  content.pages.forEach((page, p) => {
    write(mediaPaths.pageImage(dir, p), renderScene(page.scene))
    if (page.silent) return
    writeAudio(
      mediaPaths.pageAudio(dir, p),
      page.sentences.map((s) => speak(s.en, VOICES.narrator)),
    )
    const recorded: Buffer[] = []
    page.sentences.forEach((s, i) => {
      if (s.score === null) return
      const clip = speak(s.en, VOICES.learner)
      recorded.push(clip)
      writeAudio(mediaPaths.sentenceRecord(dir, p, i), [clip])
    })
    if (recorded.length) writeAudio(mediaPaths.pageRecord(dir, p), recorded)
  })
}

function words(): void {
  write(mediaPaths.cover('words'), renderScene(DEMO_WORDS.coverScene))
  for (const w of DEMO_WORDS.words) {
    write(mediaPaths.wordImage(w.key), renderScene(`word-${w.key}`))
    for (const accent of ['uk', 'us'] as const) {
      writeAudio(mediaPaths.wordAudio(w.key, accent), [speak(w.en, VOICES[accent])])
      writeAudio(mediaPaths.exampleAudio(w.key, accent), [speak(w.example, VOICES[accent])])
    }
    if (w.score !== null) writeAudio(mediaPaths.wordRecord(w.key), [speak(w.en, VOICES.learner)])
  }
}

function totalBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name)
    return sum + (entry.isDirectory() ? totalBytes(path) : statSync(path).size)
  }, 0)
}

rmSync(DEMO_MEDIA_DIR, { recursive: true, force: true })
book('book', DEMO_BOOK)
book('colors', DEMO_CAT8)
words()
for (const name of DEMO_COVER_NAMES) write(mediaPaths.libraryCover(name), renderScene(`cover-${name}`))
write(mediaPaths.avatar('xiaomi-mama'), renderScene('avatar-xiaomi-mama'))
write(mediaPaths.avatar('lele-baba'), renderScene('avatar-lele-baba'))
const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)))
// One clip a line: readable in a diff, small on disk.
const lines = Object.entries(sorted).map(([key, clip]) => `  ${JSON.stringify(key)}: ${JSON.stringify(clip)}`)
writeFileSync(join(DEMO_MEDIA_DIR, 'manifest.json'), `{\n${lines.join(',\n')}\n}\n`)
const bytes = totalBytes(DEMO_MEDIA_DIR)
console.log(`demo media: ${Object.keys(manifest).length} clips, ${(bytes / 1024).toFixed(0)} KB in ${DEMO_MEDIA_DIR}`)
if (bytes > 5 * 1024 * 1024) {
  console.error('demo media exceed the 5 MB budget')
  process.exit(1)
}
