// The health worker's first module (health-reads.ts starts it): a worker thread does not take the
// TypeScript loader the server runs under, so it is asked for here (tsx's API), then the worker itself.
import { tsImport } from 'tsx/esm/api'

await tsImport('./health-worker.ts', import.meta.url)
