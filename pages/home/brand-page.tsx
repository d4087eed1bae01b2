import { lazy, Suspense } from 'react'
import { ErrorBoundary } from '@shared/components/error-boundary'
import { useInApp } from '@shared/hooks/use-in-app'
import styles from './brand-page.module.css'

// Spec §2: the home page lazily loads one of two pages, chosen by the environment check.
const InAppBrandPage = lazy(() => import('./in-app-brand-page').then((m) => ({ default: m.InAppBrandPage })))
const BrowserBrandPage = lazy(() => import('./browser-brand-page').then((m) => ({ default: m.BrowserBrandPage })))

/**
 * The brand introduction (`/`, `/wechat`, `/app`, `/about_app`): the in-app variant (native share,
 * no download bar) or the browser variant (download bar), each in its own chunk.
 */
export function BrandPage() {
  const inApp = useInApp()
  return (
    // The variants carry their own PageShell; this boundary catches a chunk that failed to load.
    <ErrorBoundary>
      <Suspense fallback={<div className={styles.fallback} role="status" aria-label="加载中" />}>
        {inApp ? <InAppBrandPage /> : <BrowserBrandPage />}
      </Suspense>
    </ErrorBoundary>
  )
}
