import { pathSegments } from './cloud-data'
import { ROOT } from './import-machine'
import styles from './self-service-baidu.module.css'

/** `全部文件` then each folder of `dir`, each a button that opens it; the current one is marked. */
export function PathBar({ dir, onOpen }: { dir: string; onOpen: (dir: string) => void }) {
  const steps = [{ name: '全部文件', dir: ROOT }, ...pathSegments(dir)]
  return (
    <nav className={styles.pathBar} aria-label="路径">
      <ol className={styles.pathList}>
        {steps.map((step, i) => {
          const current = i === steps.length - 1
          return (
            <li key={step.dir} className={styles.pathStep}>
              {i > 0 && (
                <span className={styles.pathSep} aria-hidden="true">
                  ›
                </span>
              )}
              <button
                type="button"
                className={styles.pathButton}
                aria-current={current ? 'page' : undefined}
                onClick={() => onOpen(step.dir)}
              >
                {step.name}
              </button>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
