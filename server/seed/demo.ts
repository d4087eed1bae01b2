/**
 * The fixed identities of the demo data: tests, the e2e suite and the start-up banner use these.
 * Ids below 1000 are reserved for the seed (the tables' sequences start at 1000).
 */
import { mediaPaths } from './content/media-paths'

export const DEMO_TOKENS = {
  vip: 'demo-vip-token',
  basic: 'demo-basic-token',
  permanent: 'demo-permanent-token',
  trial: 'demo-trial-token',
} as const

/** How long the demo member's membership runs, in days from the day of the seed (ends 23:59:59 CST). */
export const DEMO_VIP_DAYS = 365

export const DEMO_USERS = {
  vip: {
    id: 1,
    token: DEMO_TOKENS.vip,
    nickName: '小米妈妈',
    avatar: mediaPaths.avatar('xiaomi-mama'),
    /** A member until {@link DEMO_VIP_DAYS} days after the seed. */
    vipPermanent: false,
    vipDays: DEMO_VIP_DAYS,
    inviterCode: 'XMMM2025',
  },
  basic: {
    id: 2,
    token: DEMO_TOKENS.basic,
    nickName: '乐乐爸爸',
    avatar: mediaPaths.avatar('lele-baba'),
    /** Not a member. */
    vipPermanent: false,
    vipDays: null,
    inviterCode: 'LLBB2025',
  },
  permanent: {
    id: 3,
    token: DEMO_TOKENS.permanent,
    nickName: '豆豆奶奶',
    avatar: '',
    /** A permanent member (no expiry). */
    vipPermanent: true,
    vipDays: null,
    inviterCode: 'DDNN2025',
  },
  /**
   * Not a member, no content: the one the browser tests buy a membership for, so that the basic user
   * stays a non-member for every other test of the run (the e2e database is not reset between tests).
   */
  trial: {
    id: 4,
    token: DEMO_TOKENS.trial,
    nickName: '朵朵妈妈',
    avatar: '',
    vipPermanent: false,
    vipDays: null,
    inviterCode: 'DDMM2025',
  },
} as const

export const DEMO_SHARES = {
  /** A picture book with learner recordings (all star bands, one unrecorded sentence, one silent page). */
  book: 'demo-book',
  /** Category 8: sentences with millisecond times, flattened into items by the page. */
  cat8: 'demo-cat8',
  /** A word list with UK/US phonetics and audio. */
  words: 'demo-words',
} as const

/** Folder ids of the demo tree (see seed/content/demo-library.ts). */
export const DEMO_FOLDERS = {
  /** VIP, type 2 at the root: 英语绘本合集. */
  collection: 10,
  /** VIP, type 1 inside the collection: 12 books (enough to scroll). */
  starterBooks: 11,
  /** VIP, type 1 inside the collection: 3 books. */
  natureBooks: 12,
  /** VIP, type 1 inside the collection: empty. */
  emptyFolder: 13,
  /** VIP, type 1 at the root: 2 books. */
  bedtime: 14,
  /** Basic user, type 1 at the root: 2 books. */
  basicFolder: 20,
} as const

/** The first book of DEMO_FOLDERS.starterBooks (books are numbered from here). */
export const DEMO_FIRST_BOOK_ID = 100

/** Storage granted to the demo users before any claim, in MB. */
export const DEMO_CAPACITY_MB = {
  vip: 5120,
  basic: 1024,
  permanent: 5120,
  trial: 1024,
} as const
