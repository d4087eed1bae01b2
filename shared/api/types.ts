/**
 * Reply shapes of docs/contracts/api.md. The server is not trusted for shape: every field may be null or
 * missing, every list may be null, every string empty — read them with fallbacks, never assume.
 */

type Maybe<T> = T | null | undefined

/** A learner's recording and its score. */
export interface AudioRecord {
  mediaUrl?: Maybe<string>
  /** 0–100. */
  suggestedScore?: Maybe<number>
  en?: Maybe<string>
  cn?: Maybe<string>
}

/** One sentence of a page. */
export interface Sentence {
  en?: Maybe<string>
  cn?: Maybe<string>
  mediaUrl?: Maybe<string>
  startTimeMs?: Maybe<number>
  endTimeMs?: Maybe<number>
  audioRecord?: Maybe<AudioRecord>
}

/** One page of a shared picture book. */
export interface Item {
  imageUrl?: Maybe<string>
  contentEn?: Maybe<string>
  contentCn?: Maybe<string>
  mediaUrl?: Maybe<string>
  startSec?: Maybe<number>
  endSec?: Maybe<number>
  audioRecord?: Maybe<AudioRecord>
  sentences?: Maybe<Sentence[]>
}

/** One word of a shared word list. */
export interface ShareWord {
  id?: Maybe<number | string>
  wordEn?: Maybe<string>
  wordCn?: Maybe<string>
  mediaUrl?: Maybe<string>
  audioRecord?: Maybe<AudioRecord>
  ukPronunciation?: Maybe<string>
  usPronunciation?: Maybe<string>
  ukMediaUrl?: Maybe<string>
  usMediaUrl?: Maybe<string>
  example?: Maybe<string>
  exampleCn?: Maybe<string>
  ukExampleMediaUrl?: Maybe<string>
  usExampleMediaUrl?: Maybe<string>
  imageUrl?: Maybe<string>
}

/** `GET /v1/share/uar`. */
export interface ShareData {
  title?: Maybe<string>
  intro?: Maybe<string>
  imageUrl?: Maybe<string>
  tags?: Maybe<string[]>
  /** Includes 8 → the items' sentences are flattened into items (docs/spec/product-spec.md §3). */
  categories?: Maybe<number[]>
  userInviter?: Maybe<{ nickName?: Maybe<string>; avatar?: Maybe<string>; inviterCode?: Maybe<string> }>
  items?: Maybe<Item[]>
  words?: Maybe<ShareWord[]>
}

/** A purchasable capacity item (`GET /v1/goods/spaces`). */
export interface SpaceGoods {
  id?: Maybe<number>
  name?: Maybe<string>
  /** MB. */
  capacity?: Maybe<number>
  /** Cents per year. */
  money?: Maybe<number>
}

/** `GET /v1/user/myCapacity`, in MB. */
export interface Capacity {
  total?: Maybe<number>
  used?: Maybe<number>
  /** The user already claimed the VIP free-space gift (/expand_space). */
  claimed?: Maybe<boolean>
}

/** `POST /v1/activity/vipGetFreeSpace`, in MB. */
export interface FreeSpaceGrant {
  granted?: Maybe<number>
  total?: Maybe<number>
}

/** 0 picture book, 1 folder of picture books, 2 folder of folders. */
export type FolderType = 0 | 1 | 2

/** A folder or picture book of the self-made manager (`GET /v1/directory/{id}` and the writes). */
export interface Folder {
  id?: Maybe<number>
  title?: Maybe<string>
  /** Usually a FolderType; anything else is a picture book only when 0. */
  type?: Maybe<number>
  parentId?: Maybe<number>
  /** The parent's type; 0 at the root. */
  parentType?: Maybe<number>
  rootId?: Maybe<number>
  /** The category's name. */
  rootTitle?: Maybe<string>
  ages?: Maybe<string[]>
  tags?: Maybe<string[]>
  intro?: Maybe<string>
  imageUrl?: Maybe<string>
  childCnt?: Maybe<number>
  /** 0 draft, 1 submitted. */
  status?: Maybe<number>
  /** `YYYY-MM-DDTHH:mm:ss`. */
  updateTime?: Maybe<string>
  needCapacityMb?: Maybe<number>
  fileSizeMb?: Maybe<number>
  userId?: Maybe<number>
  quizCnt?: Maybe<number>
  fileSuffix?: Maybe<string>
  items?: Maybe<Folder[]>
}

/** What `bookCreation/add` takes (and `update`, with an `id`). */
export interface BookCreationInput {
  parentId: number
  type: FolderType
  title: string
  intro: string
  imageUrl: string
  /** The category's id. */
  rootId: number | null
  ages: string[]
  tags: string[]
}

/** `GET /v1/bookCreation/options`: the choices of the create form. */
export interface BookCreationOptions {
  categories?: Maybe<{ id?: Maybe<number>; name?: Maybe<string> }[]>
  ages?: Maybe<string[]>
  tags?: Maybe<string[]>
}

/** `POST /v1/upload`. */
export interface UploadResult {
  url?: Maybe<string>
  fileSizeMb?: Maybe<number>
}

/** A membership plan (`GET /v1/goods/vips`). */
export interface VipGoods {
  id?: Maybe<number>
  name?: Maybe<string>
  /** 0 = permanent. */
  months?: Maybe<number>
  /** Cents. */
  money?: Maybe<number>
  /** Cents; 0 or ≤ money = no struck-through price. */
  originalMoney?: Maybe<number>
  /** '' or a short label such as '推荐'. */
  tag?: Maybe<string>
}

/** The user's membership (`GET /v1/user/vipInfo`). */
export interface VipInfo {
  isVip?: Maybe<boolean>
  isPermanentVip?: Maybe<boolean>
  /** `YYYY-MM-DDTHH:mm:ss` or null. */
  expireTime?: Maybe<string>
}
