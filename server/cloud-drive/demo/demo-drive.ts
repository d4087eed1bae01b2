/**
 * The contents of the demo drive. Every user who grants it gets the same tree with their own fsIds
 * (`userId * 1,000,000 + position + 1`), so one user's ids are unknown in another's drive. Append
 * new entries at the end: an entry's position is its identity.
 */
import { DEMO_BOOKS, type DemoBookKey } from './demo-books'

/** A folder, or a file whose bytes are the blob `blob` (absent for the file that cannot be read). */
export type DemoNode =
  { path: string; isDir: true; mtime: Date } | { path: string; isDir: false; mtime: Date; blob: string | null; declaredSize?: number }

/** The blob of a book. */
export const bookBlob = (key: DemoBookKey) => `${key}.pdf`

/** Non-PDF blobs: what they hold (text is enough: they are never listed with suffix pdf). */
export const OTHER_BLOBS: Record<string, string> = {
  'timetable.xlsx': 'PK\u0003\u0004 demo spreadsheet: Monday reading, Wednesday songs, Friday stories\n',
  'cover.jpg': '\u00ff\u00d8\u00ff\u00e0 demo picture\n',
  'reading.mp3': 'ID3 demo audio of a reading\n',
  'readme.txt': 'These folders hold the picture books of our reading club.\n',
  'notes.txt': 'Reading notes: The Little Red Hen, Brown Bear Says Hello.\n',
  'materials.docx': 'PK\u0003\u0004 demo document\n',
}

/** The folder of 1,000 files (paging). */
export const THOUSAND_DIR = '/绘本大全（1000本）'
/** The file whose bytes cannot be read (partial failure). */
export const BROKEN_FILE = '/睡前故事/损坏的绘本.pdf'

const day = (n: number, minute = 0) => new Date(Date.UTC(2025, 2, 1, 2, minute) + n * 86_400_000)

const dir = (path: string, n: number): DemoNode => ({ path, isDir: true, mtime: day(n) })
const book = (path: string, key: DemoBookKey, n: number): DemoNode => ({ path, isDir: false, mtime: day(n, 17), blob: bookBlob(key) })
const other = (path: string, blob: keyof typeof OTHER_BLOBS, n: number): DemoNode => ({ path, isDir: false, mtime: day(n, 40), blob })

const BOOK_KEYS = DEMO_BOOKS.map((b) => b.key)

/** The tree, parents before children. */
export const DEMO_DRIVE: readonly DemoNode[] = [
  dir('/英语绘本', 1),
  book('/英语绘本/The Little Red Hen.pdf', 'little-red-hen', 2),
  book('/英语绘本/Brown Bear Says Hello.pdf', 'brown-bear', 3),
  book('/英语绘本/Counting Stars.pdf', 'counting-stars', 4),
  book('/英语绘本/SUNNY DAY.PDF', 'sunny-day', 5),
  other('/英语绘本/课程表.xlsx', 'timetable.xlsx', 5),
  other('/英语绘本/封面.jpg', 'cover.jpg', 6),
  other('/英语绘本/pdf', 'notes.txt', 6),
  other('/英语绘本/读书笔记.pdf.txt', 'notes.txt', 7),
  dir('/英语绘本/动物故事', 8),
  book('/英语绘本/动物故事/The Busy Fox.pdf', 'busy-fox', 9),
  book('/英语绘本/动物故事/Ocean Friends.pdf', 'ocean-friends', 10),
  other('/英语绘本/动物故事/朗读音频.mp3', 'reading.mp3', 10),
  dir('/英语绘本/动物故事/夜晚的动物', 11),
  book('/英语绘本/动物故事/夜晚的动物/Sleepy Owl.pdf', 'sleepy-owl', 12),
  dir('/睡前故事', 13),
  book('/睡前故事/Good Night, Little Bear.pdf', 'good-night-bear', 14),
  book('/睡前故事/The Moon and the Cat.pdf', 'moon-and-cat', 15),
  { path: BROKEN_FILE, isDir: false, mtime: day(16), blob: null, declaredSize: 245_760 },
  other('/睡前故事/说明.txt', 'readme.txt', 16),
  dir(THOUSAND_DIR, 17),
  dir('/空文件夹', 18),
  book('/Rainbow Garden.pdf', 'rainbow-garden', 19),
  book('/My First Words.pdf', 'my-first-words', 20),
  other('/学习资料.docx', 'materials.docx', 21),
  ...Array.from({ length: 1000 }, (_, i): DemoNode => ({
    path: `${THOUSAND_DIR}/Book ${String(i + 1).padStart(4, '0')}.pdf`,
    isDir: false,
    mtime: new Date(day(17).getTime() + (i + 1) * 60_000),
    blob: bookBlob(BOOK_KEYS[i % BOOK_KEYS.length]!),
  })),
]
