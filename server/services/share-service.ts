import type { Db } from '../db/db'
import { notFound } from '../http/envelope'
import type { AudioRecord } from '../repositories/audio-record'
import { listShareItems } from '../repositories/share-items-repository'
import { listShareSentences } from '../repositories/share-sentences-repository'
import { listShareWords, type ShareWord } from '../repositories/share-words-repository'
import { findShare } from '../repositories/shares-repository'
import { findUserById } from '../repositories/users-repository'

/** Contract Sentence. */
export interface SentenceView {
  en: string
  cn: string
  mediaUrl: string
  startTimeMs: number
  endTimeMs: number
  audioRecord: AudioRecord | null
}

/** Contract Item. */
export interface ItemView {
  imageUrl: string
  contentEn: string
  contentCn: string
  mediaUrl: string
  startSec: number
  endSec: number
  audioRecord: AudioRecord | null
  sentences: SentenceView[]
}

/** Contract ShareData. */
export interface ShareDataView {
  title: string
  intro: string
  imageUrl: string
  tags: string[]
  categories: number[]
  userInviter: { nickName: string; avatar: string; inviterCode: string }
  items: ItemView[]
  words: ShareWord[]
}

/**
 * Everything a share page needs for share `code`. The page flattens the sentences of a
 * category-8 share itself (docs/spec/product-spec.md §3); the server returns the stored structure unchanged.
 */
export async function getShareData(db: Db, code: string): Promise<ShareDataView> {
  const share = await findShare(db, code)
  if (!share) throw notFound('分享内容不存在或已失效')
  const [owner, items, sentences, words] = await Promise.all([
    findUserById(db, share.userId),
    listShareItems(db, code),
    listShareSentences(db, code),
    listShareWords(db, code),
  ])
  return {
    title: share.title,
    intro: share.intro,
    imageUrl: share.imageUrl,
    tags: share.tags,
    categories: share.categories,
    userInviter: {
      nickName: owner?.nickName ?? '',
      avatar: owner?.avatar ?? '',
      inviterCode: owner?.inviterCode ?? '',
    },
    items: items.map(({ id, ...item }) => ({
      ...item,
      sentences: sentences.filter((s) => s.itemId === id).map(({ itemId: _, ...s }) => s),
    })),
    words,
  }
}
