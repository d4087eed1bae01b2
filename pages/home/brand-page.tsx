import { lazy } from 'react'
import { ErrorBoundary } from '@shared/components/error-boundary'
import { useInApp } from '@shared/hooks/use-in-app'

// docs/spec/product-spec.md §2: the home page lazily loads one of two pages, chosen by the environment check.
const InAppBrandPage = lazy(() => import('./in-app-brand-page').then((m) => ({ default: m.InAppBrandPage })))
const BrowserBrandPage = lazy(() => import('./browser-brand-page').then((m) => ({ default: m.BrowserBrandPage })))

/**
 * The brand introduction (`/`, `/wechat`, `/app`, `/about_app`): the in-app variant (native share,
 * no download bar) or the browser variant (download bar), each in its own chunk.
 *
 * No Suspense boundary on purpose: while the variant's chunk loads, the root suspends and React commits
 * nothing, so the variant's prerendered frame stays on screen (a fallback would replace it with a blank).
 */
export function BrandPage() {
  const inApp = useInApp()
  return (
    // The variants carry their own PageShell; this boundary catches a chunk that failed to load.
    <ErrorBoundary>{inApp ? <InAppBrandPage /> : <BrowserBrandPage />}</ErrorBoundary>
  )
}
