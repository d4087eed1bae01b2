import { useRef } from 'react'
import { toast } from '@shared/components/toast'
import { copyText, selectText } from '@shared/clipboard'
import styles from './invite-block.module.css'

/** Props of {@link InviteBlock}. */
export interface InviteBlockProps {
  /** The inviter's code; the block is not drawn without one. */
  code: string
}

/**
 * The invite block: the inviter's code with a `复制` button (clipboard API → selection copy → the code
 * left selected on screen with the toast `复制失败，请手动复制`).
 */
export function InviteBlock({ code }: InviteBlockProps) {
  const codeRef = useRef<HTMLElement>(null)
  if (!code) return null
  const onCopy = async () => {
    if (await copyText(code)) return toast('复制成功')
    selectText(codeRef.current)
    toast('复制失败，请手动复制')
  }
  return (
    <section className={styles.root} aria-label="邀请码">
      <p className={styles.line}>
        <span className={styles.label}>邀请码</span>
        <strong ref={codeRef} className={styles.code}>
          {code}
        </strong>
        <button type="button" className={styles.copy} onClick={() => void onCopy()}>
          复制
        </button>
      </p>
      <p className={styles.hint} data-phrases>
        使用邀请码注册，
        <wbr />
        免费领取会员
      </p>
    </section>
  )
}
