import { recordProblem } from '../telemetry/early'

/**
 * Records an API request that failed for the field report (docs/telemetry.md "Problems"): its path (the
 * reporter makes it a template, `/v1/directory/:id`, and drops the query) and the status the page got
 * (envelope.ts: a reply that is not the API's is 502; 0 when no reply came).
 */
export function recordApiFailure(path: string | undefined, status: number): void {
  recordProblem({ kind: 'api', message: '', endpoint: path ?? '', status })
}
