import styles from './self-service-baidu.module.css'

/** The authorize step: what authorizing gives, and the button that asks the host to sign in. */
export function AuthorizeStep({ suffix, onAuthorize }: { suffix: string; onAuthorize: () => void }) {
  return (
    <section className={styles.authorize}>
      <CloudIcon />
      <p className={styles.authorizeText}>授权百度网盘后，可直接导入网盘中的{suffix.toUpperCase()}绘本</p>
      <button type="button" className={styles.primary} onClick={onAuthorize}>
        授权百度网盘
      </button>
    </section>
  )
}

function CloudIcon() {
  return (
    <svg className={styles.authorizeIcon} viewBox="0 0 96 64" aria-hidden="true" focusable="false">
      <path
        d="M26 56a18 18 0 0 1-2-35.9A24 24 0 0 1 70 18a16 16 0 0 1 2 38Z"
        fill="var(--color-primary-light)"
        stroke="var(--color-primary)"
        strokeWidth="3"
      />
      <path
        d="M48 46V26m-9 9 9-9 9 9"
        fill="none"
        stroke="var(--color-primary)"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
