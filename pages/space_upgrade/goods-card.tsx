import { useState } from 'react'
import { Empty } from '@shared/components/empty'
import { ErrorView } from '@shared/components/error-view'
import { formatMoney, formatSize } from '@shared/format'
import { foldGoods } from './fold-goods'
import type { GoodsRow } from './space-data'
import type { LoadState } from '@shared/hooks/use-load'
import styles from './space-upgrade.module.css'

/** Props of {@link GoodsCard}. */
export interface GoodsCardProps {
  state: LoadState<GoodsRow[]>
  onRetry: () => void
  onBuy: (goodsId: number) => void
}

/** The capacity goods on sale, three at first with `展开更多` / `收起`, or its own error view. */
export function GoodsCard({ state, onRetry, onBuy }: GoodsCardProps) {
  return (
    <section className={styles.card} aria-labelledby="goods-title">
      <h2 id="goods-title" className={styles.cardTitle}>
        购买空间
      </h2>
      {state.status === 'loading' && <div className={styles.skeleton} role="status" aria-label="加载中" />}
      {state.status === 'failed' && (
        <div className={styles.errorSlot}>
          <ErrorView message={state.msg} onRetry={onRetry} final={state.final} />
        </div>
      )}
      {state.status === 'loaded' &&
        (state.data.length === 0 ? <Empty description="暂无可购买的空间" /> : <GoodsList goods={state.data} onBuy={onBuy} />)}
    </section>
  )
}

function GoodsList({ goods, onBuy }: { goods: GoodsRow[]; onBuy: (goodsId: number) => void }) {
  const [expanded, setExpanded] = useState(false)
  const { shown, toggle } = foldGoods(goods, expanded)
  return (
    <>
      <ul id="goods-list" className={styles.goodsList}>
        {shown.map((item) => {
          const size = formatSize(item.capacity)
          return (
            <li key={item.id} className={styles.goodsRow}>
              <div className={styles.goodsInfo}>
                <p id={`goods-${item.id}`} className={styles.goodsName}>
                  {item.name || `${size}空间`}
                </p>
                <p className={styles.goodsSize}>容量 {size}</p>
              </div>
              <p className={styles.price}>¥{formatMoney(item.money)}/年</p>
              <button type="button" className={styles.buyButton} aria-describedby={`goods-${item.id}`} onClick={() => onBuy(item.id)}>
                购买
              </button>
            </li>
          )
        })}
      </ul>
      {toggle && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls="goods-list"
          onClick={() => setExpanded(!expanded)}
        >
          {toggle === 'expand' ? '展开更多' : '收起'}
        </button>
      )}
    </>
  )
}
