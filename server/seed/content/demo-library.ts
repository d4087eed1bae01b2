/** The demo folder tree: what each demo user finds in /generate_book/list. */
import { DEMO_FIRST_BOOK_ID, DEMO_FOLDERS, DEMO_USERS } from '../demo'
import { mediaPaths } from './media-paths'

export interface DemoCategory {
  id: number
  name: string
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { id: 1, name: '英语绘本' },
  { id: 2, name: '自然拼读' },
  { id: 3, name: '儿歌童谣' },
  { id: 4, name: '分级阅读' },
  { id: 5, name: '科普百科' },
]

export const DEMO_AGE_OPTIONS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']
export const DEMO_TAG_OPTIONS = [
  '动物', '自然', '日常生活', '颜色', '数字', '字母', '睡前故事', '儿歌', '科普', '启蒙', '分级阅读', '节日',
]

/** A folder (type 1 or 2) of the demo tree. */
export interface DemoFolder {
  id: number
  userId: number
  parentId: number
  type: 1 | 2
  title: string
  intro: string
  cover: string | null
  categoryId: number
  ages: string[]
  tags: string[]
  status: 0 | 1
}

/** A picture book: [title, cover, size MB, file suffix, quiz count, status, intro]. */
type BookLine = [string, string, number, 'pdf' | 'jpg', number, 0 | 1, string]

const { vip, basic } = DEMO_USERS
const F = DEMO_FOLDERS

/** Parents before children: the seed inserts in this order. */
export const DEMO_FOLDER_TREE: DemoFolder[] = [
  { id: F.collection, userId: vip.id, parentId: 0, type: 2, title: '英语绘本合集', intro: '精选英语启蒙绘本，按主题分好了文件夹。', cover: 'collection', categoryId: 1, ages: ['3', '8'], tags: ['启蒙'], status: 0 },
  { id: F.starterBooks, userId: vip.id, parentId: F.collection, type: 1, title: '启蒙绘本 第一辑', intro: '12 本适合 3-6 岁孩子的英语启蒙绘本，每本都配有原声朗读。', cover: 'cat', categoryId: 1, ages: ['3', '6'], tags: ['动物', '启蒙'], status: 1 },
  { id: F.natureBooks, userId: vip.id, parentId: F.collection, type: 1, title: '自然与科学', intro: '认识树木、太阳、月亮和大海。', cover: 'tree', categoryId: 5, ages: ['5', '8'], tags: ['自然', '科普'], status: 0 },
  { id: F.emptyFolder, userId: vip.id, parentId: F.collection, type: 1, title: '待整理的绘本', intro: '', cover: null, categoryId: 1, ages: [], tags: [], status: 0 },
  { id: F.bedtime, userId: vip.id, parentId: 0, type: 1, title: '睡前故事', intro: '轻柔的晚安故事，陪孩子安静入睡。', cover: 'moon', categoryId: 1, ages: ['2', '5'], tags: ['睡前故事'], status: 1 },
  { id: F.basicFolder, userId: basic.id, parentId: 0, type: 1, title: '乐乐的绘本', intro: '乐乐最喜欢的两本书。', cover: 'ball', categoryId: 1, ages: ['4', '6'], tags: ['日常生活'], status: 0 },
]

const BOOKS_BY_FOLDER: [number, BookLine[]][] = [
  [F.starterBooks, [
    ['Mimi the Cat', 'cat', 36.5, 'pdf', 3, 1, '小猫咪咪的一天。'],
    ['快乐的小狗', 'dog', 42.8, 'pdf', 2, 1, '小狗汪汪最喜欢跑步。'],
    ['Fish in the Sea', 'fish', 28.4, 'jpg', 4, 1, '大海里住着好多鱼。'],
    ['Little Bird Sings', 'bird', 51.2, 'pdf', 1, 1, '小鸟每天早上唱歌。'],
    ['苹果红了', 'apple', 19.7, 'jpg', 5, 1, '秋天到了，苹果红了。'],
    ['The Bouncy Ball', 'ball', 33.3, 'pdf', 0, 0, '一个会跳的球。'],
    ['Hello, Sun!', 'sun', 24.6, 'pdf', 3, 1, '和太阳说早上好。'],
    ['My Little House', 'house', 47.9, 'pdf', 2, 1, '我的小房子里有什么？'],
    ['Where Is Mimi?', 'cat', 38.1, 'jpg', 2, 1, '咪咪藏在哪里？'],
    ['Ten Little Stars', 'star', 22.4, 'pdf', 4, 0, '数一数天上的星星。'],
    ['The Flower Garden', 'flower', 55, 'pdf', 1, 1, '花园里开满了花。'],
    ['Dog and Ball', 'dog', 29.9, 'jpg', 3, 1, '小狗和球的故事。'],
  ]],
  [F.natureBooks, [
    ['How Trees Grow', 'tree', 64.2, 'pdf', 5, 1, '一颗种子怎样长成大树。'],
    ['The Sun and the Moon', 'sun', 71.5, 'pdf', 2, 0, '白天和黑夜是怎么来的？'],
    ['Under the Sea', 'fish', 58.9, 'jpg', 3, 1, '潜到海底看一看。'],
  ]],
  [F.bedtime, [
    ['Good Night, Moon Rabbit', 'moon', 30.2, 'pdf', 1, 1, '月亮上的小兔子说晚安。'],
    ['Twinkle, Little Star', 'star', 26.7, 'pdf', 0, 1, '一闪一闪亮晶晶。'],
  ]],
  [F.basicFolder, [
    ['Play Ball!', 'ball', 21.3, 'pdf', 2, 1, '一起来玩球吧！'],
    ['My Dog Max', 'dog', 18.6, 'jpg', 1, 0, '我的小狗叫 Max。'],
  ]],
]

/** A picture book of the demo tree. */
export interface DemoBookFile {
  id: number
  userId: number
  parentId: number
  title: string
  intro: string
  cover: string
  sizeMb: number
  suffix: string
  quizCnt: number
  status: 0 | 1
}

const ownerOf = (folderId: number) => DEMO_FOLDER_TREE.find((f) => f.id === folderId)!.userId

/** Every demo book with its fixed id, numbered from DEMO_FIRST_BOOK_ID in the order above. */
export const DEMO_BOOK_FILES: DemoBookFile[] = BOOKS_BY_FOLDER
  .flatMap(([parentId, lines]) => lines.map((line) => [parentId, line] as const))
  .map(([parentId, [title, cover, sizeMb, suffix, quizCnt, status, intro]], i) => ({
    id: DEMO_FIRST_BOOK_ID + i,
    userId: ownerOf(parentId),
    parentId,
    title,
    intro,
    cover,
    sizeMb,
    suffix,
    quizCnt,
    status,
  }))

/** Every cover the tree uses (the generator draws one SVG per name). */
export const DEMO_COVER_NAMES = [
  ...new Set([...DEMO_FOLDER_TREE.map((f) => f.cover), ...DEMO_BOOK_FILES.map((b) => b.cover)]),
].filter((name): name is string => name !== null)

/** The cover URL for a cover name ('' for none). */
export const coverUrl = (name: string | null) => (name ? mediaPaths.libraryCover(name) : '')
