/**
 * Where each demo media file lives under /media/ (server/demo-media/). Shared by the seed, which
 * stores these root-relative URLs, and by the generator, which writes the files.
 */

/** The folder of a shared book's media. */
export type BookMediaDir = 'book' | 'colors'

export const mediaPaths = {
  cover: (dir: BookMediaDir | 'words') => `/media/${dir}/cover.svg`,
  pageImage: (dir: BookMediaDir, page: number) => `/media/${dir}/p${page + 1}.svg`,
  /** The book's own narration of a whole page. */
  pageAudio: (dir: BookMediaDir, page: number) => `/media/${dir}/p${page + 1}.mp3`,
  /** The learner's reading of a whole page (their sentence recordings joined). */
  pageRecord: (dir: BookMediaDir, page: number) => `/media/${dir}/p${page + 1}-rec.mp3`,
  sentenceRecord: (dir: BookMediaDir, page: number, sentence: number) =>
    `/media/${dir}/p${page + 1}-s${sentence + 1}-rec.mp3`,
  wordImage: (key: string) => `/media/words/${key}.svg`,
  wordAudio: (key: string, accent: 'uk' | 'us') => `/media/words/${key}-${accent}.mp3`,
  exampleAudio: (key: string, accent: 'uk' | 'us') => `/media/words/${key}-example-${accent}.mp3`,
  wordRecord: (key: string) => `/media/words/${key}-rec.mp3`,
  libraryCover: (name: string) => `/media/covers/${name}.svg`,
  avatar: (name: string) => `/media/avatars/${name}.svg`,
}

/** `/media/book/p1.mp3` → `book/p1.mp3` (the key in manifest.json and the path under demo-media/). */
export const mediaKey = (url: string) => url.replace(/^\/media\//, '')
