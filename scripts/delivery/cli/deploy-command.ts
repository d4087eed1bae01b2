/**
 * npm run deploy -- --to <dir|s3://bucket/prefix> [--from dist] [--pages a,b] [--dry-run] [--public-url URL [--purge CMD] [--verify]]
 *                   --to <target> --rollback <release id|manifest> [--pages a,b] [--dry-run] [--public-url URL [--purge CMD] [--verify]]
 *                   --to <target> --prune --keep N [--grace 7d] [--dry-run]
 *                   --to <target> --list
 *                   --to <target> --unlock --reason "…"
 *                   --to <target> --canary <1-100> --pages a,b [--from dist] [--min-app-version x.y.z] [--public-url URL [--purge CMD] [--verify]]
 *                   --to <target> --promote|--abort [--pages a,b] [--public-url URL [--purge CMD] [--verify: promote]]
 * See docs/deploying.md (issues 8 and 30).
 */
import { parseArgs } from 'node:util'
import { DeliveryError, UsageError } from '../errors.ts'
import { breakLock } from '../releases/lock.ts'
import { ReleaseBook } from '../releases/book.ts'
import { deploy } from '../run/deploy.ts'
import { prune } from '../run/prune.ts'
import { rollback } from '../run/rollback.ts'
import { openStore } from '../store/open-store.ts'
import { parseDuration } from '../units.ts'
import { tellReleases } from '../health/fetch-health.ts'
import { formatAbort, formatCanary, formatDeploy, formatPromote, formatPrune, formatReleases, formatRollback } from './format.ts'
import { opsTokenOf, TOKEN_ARG_REFUSED } from './ops-token.ts'
import { runCli, splitList } from './run-cli.ts'
import type { WatchOptions } from '../run/watch.ts'
import type { RolloutSigning } from '../run/context.ts'
import { abort, deployCanary, promote } from '../rollout/canary.ts'
import { signingKeyFromEnv } from '../rollout/sign.ts'

const USAGE = `Usage:
  npm run deploy -- --to <target> [--from dist] [--pages a,b] [--dry-run]     publish a build (or some pages)
  npm run deploy -- --to <target> --rollback <release|manifest> [--pages a,b]  restore pages from a kept release
  npm run deploy -- --to <target> --prune --keep N [--grace 7d] [--dry-run]    delete assets the last N releases do not use
  npm run deploy -- --to <target> --list                                       list kept releases (* = current)
  npm run deploy -- --to <target> --unlock --reason "…"                        break the lock of a run that is not running (logged)
  npm run deploy -- --to <target> --canary <1-100> --pages a,b [--from dist]   put those pages' new release on that % of app devices
  npm run deploy -- --to <target> --promote [--pages a,b]                      make the canaries the pages' release for everyone
  npm run deploy -- --to <target> --abort [--pages a,b]                        take the canaries away (app devices back to stable)
<target>: s3://<bucket>/<prefix> (AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
          S3_FORCE_PATH_STYLE=1) or a directory.
After a deploy or rollback switched pages:
  --public-url <https://…>  where the CDN serves the target
  --purge '<command>'       run once, with the switched pages' public URLs on its stdin, one per line
                            (and <public-url>/rollout.json after a --canary, --promote or --abort)
  --verify                  fetch the switched pages and their files from --public-url; put back those that fail
                            (a --canary: its immutable HTML and files, before rollout.json names it)
  --health <api url>        tell the API which releases the run made live: only those are counted and judged
                            (docs/deploying.md, "Telling the API"); its token in OPS_TOKEN or
                            --token-file <file> (mode 600; never --token: argv shows in process listings)
  --watch <time>            with --health: then follow the switched pages' new releases in the field reports
                            for that long (10m, 1h) and take back each one worse or slower than the release
                            before it at the look that judges it (docs/deploying.md, "The watch");
                            --min-views N (50), --watch-every <time> (1 min or a fifth of the watch),
                            --on-slower rollback|warn (rollback)
Staged rollouts for the app (docs/deploying.md "Staged rollouts for the app", docs/rollout.md):
  every deploy, rollback, canary, promote and abort signs and rewrites rollout.json with the key in
  ROLLOUT_SIGNING_KEY (a PKCS#8 PEM) or ROLLOUT_SIGNING_KEY_FILE; a target that has one refuses a run without it.
  --min-app-version x.y.z   the lowest app version that may open the releases this run publishes (1.0.0)
Exit codes: 0 done, 1 refused or a page taken back, 2 bad command line, 3 watched but nothing judged (the
health API did not answer).
`

await runCli(USAGE, async () => {
  const started = Date.now()
  const { values: v } = parseArgs({
    options: {
      to: { type: 'string' },
      from: { type: 'string', default: 'dist' },
      pages: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      rollback: { type: 'string' },
      prune: { type: 'boolean', default: false },
      keep: { type: 'string' },
      grace: { type: 'string' },
      list: { type: 'boolean', default: false },
      'public-url': { type: 'string' },
      purge: { type: 'string' },
      verify: { type: 'boolean', default: false },
      unlock: { type: 'boolean', default: false },
      watch: { type: 'string' },
      health: { type: 'string' },
      'watch-every': { type: 'string' },
      'min-views': { type: 'string' },
      token: { type: 'string' },
      'token-file': { type: 'string' },
      'on-slower': { type: 'string' },
      reason: { type: 'string' },
      canary: { type: 'string' },
      promote: { type: 'boolean', default: false },
      abort: { type: 'boolean', default: false },
      'min-app-version': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (v.help) return USAGE
  if (!v.to) throw new UsageError('--to <dir | s3://bucket/prefix> is required')
  const dryRun = v['dry-run']
  const pages = splitList(v.pages)
  const modes = [v.rollback !== undefined, v.prune, v.list, v.unlock, v.canary !== undefined, v.promote, v.abort].filter(Boolean).length
  if (modes > 1) throw new UsageError('--rollback, --prune, --list, --unlock, --canary, --promote and --abort do not combine')
  if (v.reason !== undefined && !v.unlock) throw new UsageError('--reason goes with --unlock')
  if (v.unlock && !v.reason?.trim())
    throw new UsageError('--unlock needs --reason "…": why the lock\'s run is known not to be running (it is logged)')
  const after = {
    started,
    verify: v.verify,
    ...(v['public-url'] !== undefined ? { publicUrl: v['public-url'] } : {}),
    ...(v.purge !== undefined ? { purge: v.purge } : {}),
  }
  if ((v.prune || v.list || v.unlock) && (v.watch !== undefined || v.health !== undefined))
    throw new UsageError('--watch and --health go with a deploy (--health with a rollback too)')
  if ((v.prune || v.list || v.unlock) && (v.verify || v.purge !== undefined || v['public-url'] !== undefined)) {
    throw new UsageError('--public-url, --purge and --verify go with a deploy or a rollback')
  }
  if ((v.purge !== undefined || v.verify) && v['public-url'] === undefined) throw new UsageError('--purge and --verify need --public-url')
  if (v.grace !== undefined && !v.prune) throw new UsageError('--grace goes with --prune')
  if (v['min-app-version'] !== undefined && !/^\d{1,4}\.\d{1,4}\.\d{1,4}$/.test(v['min-app-version']))
    throw new UsageError(`--min-app-version ${v['min-app-version']}: give an app version such as 1.4.0`)
  if (v['min-app-version'] !== undefined && (v.prune || v.list || v.unlock)) throw new UsageError('--min-app-version goes with a deploy')
  if (v.canary !== undefined && !/^\d+$/.test(v.canary))
    throw new UsageError(`--canary ${v.canary}: give a whole percentage of app devices, 1 to 100`)
  const share = v.canary === undefined ? undefined : Number(v.canary)
  if (share !== undefined && (share < 1 || share > 100))
    throw new UsageError(`--canary ${v.canary}: give a whole percentage of app devices, 1 to 100`)
  if (share !== undefined && !pages) throw new UsageError('--canary needs --pages: a canary is per page')
  if ((v.promote || v.abort) && v.watch !== undefined) throw new UsageError('--watch goes with a deploy or a --canary')
  if (v.abort && (v.verify || v.purge !== undefined || v['public-url'] !== undefined))
    throw new UsageError('--abort moves no page (rollout.json only): drop --public-url, --purge and --verify')
  const to = await openStore(v.to)
  // The key from the environment when one is set (a bad one is refused here); the run decides if it needs one.
  const signing: { rollout?: RolloutSigning } =
    process.env.ROLLOUT_SIGNING_KEY || process.env.ROLLOUT_SIGNING_KEY_FILE
      ? { rollout: { key: signingKeyFromEnv(), ...(v['min-app-version'] ? { minAppVersion: v['min-app-version'] } : {}) } }
      : {}
  if (v['min-app-version'] !== undefined && !signing.rollout)
    throw new UsageError('--min-app-version needs ROLLOUT_SIGNING_KEY: it goes into rollout.json')

  if (v.unlock) {
    const broken = await breakLock(to, v.reason!.trim())
    return broken
      ? `Broke the lock of ${to.name}: ${broken.was}\nReason logged in ${broken.logged}\n`
      : `${to.name} is not locked: nothing to break.\n`
  }
  if (v.list) {
    const book = await ReleaseBook.open(to)
    return formatReleases(
      book.releases.map((r) => r.info),
      book.current,
      book.damaged,
    )
  }
  if (v.prune) {
    if (v.keep === undefined || !/^\d+$/.test(v.keep)) throw new UsageError('--prune needs --keep N')
    if (pages) throw new UsageError('--prune works on the whole target; drop --pages')
    const graceMs = v.grace === undefined ? undefined : parseDuration(v.grace)
    if (graceMs === null) throw new UsageError(`--grace ${v.grace}: give a duration such as 7d, 12h, 30m, 45s or 0`)
    return formatPrune(await prune({ to, keep: Number(v.keep), dryRun, ...(graceMs !== undefined ? { graceMs } : {}) }), dryRun)
  }
  if (v.keep !== undefined) throw new UsageError('--keep goes with --prune')
  const health = healthOptions(v, dryRun)
  const tell = health ? { tell: (events: Parameters<typeof tellReleases>[1]) => tellReleases(health, events) } : {}
  if (share !== undefined) {
    const watchingCanary = watchOptions(v, health)
    const result = await deployCanary({
      from: v.from,
      to,
      pages: pages!,
      share,
      dryRun,
      ...after,
      ...tell,
      ...signing,
      ...(watchingCanary ? { watch: watchingCanary } : {}),
    })
    const text = formatCanary(result, dryRun)
    const aborted = result.watch?.canary?.aborted ?? []
    if (aborted.length > 0)
      throw new DeliveryError(aborted.map((a) => `the canary watch aborted ${a.routes.join(', ')}: ${a.why}`).join('\n'), text)
    if (result.watch && !result.watch.judged)
      throw new DeliveryError('the health API never answered during the canary watch: nothing was judged, every canary kept', text, 3)
    return text
  }
  if (v.promote) return formatPromote(await promote({ to, dryRun, ...after, ...tell, ...signing, ...(pages ? { pages } : {}) }), dryRun)
  if (v.abort) {
    if (v.verify) throw new UsageError('--abort publishes nothing new: --verify goes with a deploy, a --canary or a --promote')
    const { publicUrl, purge } = after
    const cdn = { ...(publicUrl !== undefined ? { publicUrl } : {}), ...(purge !== undefined ? { purge } : {}) }
    return formatAbort(await abort({ to, dryRun, ...cdn, ...tell, ...signing, ...(pages ? { pages } : {}) }), dryRun)
  }
  if (v.rollback !== undefined) {
    if (v.watch !== undefined) throw new UsageError('--watch goes with a deploy')
    return formatRollback(
      await rollback({ to, target: v.rollback, dryRun, ...after, ...tell, ...signing, ...(pages ? { pages } : {}) }),
      dryRun,
    )
  }
  const watching = watchOptions(v, health)
  const result = await deploy({
    from: v.from,
    to,
    dryRun,
    ...after,
    ...tell,
    ...signing,
    ...(pages ? { pages } : {}),
    ...(watching ? { watch: watching } : {}),
  })
  const text = formatDeploy(result, dryRun)
  const watched = result.report?.watch
  const takenBack = watched?.takeBacks ?? []
  if (takenBack.length > 0) {
    throw new DeliveryError(
      takenBack.map((t) => `the watch took back ${t.paths.join(', ')} (release ${t.release}): ${t.why}`).join('\n'),
      text,
    )
  }
  if (watched && !watched.judged)
    throw new DeliveryError('the health API never answered during the watch: nothing was judged, every page kept', text, 3)
  return text
})

/** `--health <url> [--token-file <file>]`: the API to tell (and, with --watch, to watch). */
function healthOptions(
  v: { health?: string; token?: string; 'token-file'?: string; watch?: string },
  dryRun: boolean,
): { api: string; token?: string } | undefined {
  if (v.health === undefined) {
    if (v.token !== undefined) throw new UsageError(TOKEN_ARG_REFUSED)
    if (v['token-file'] !== undefined) throw new UsageError('--token-file goes with --health')
    if (v.watch !== undefined) throw new UsageError('--watch <time> and --health <api url> go together')
    return undefined
  }
  if (dryRun) throw new UsageError('--health does not go with --dry-run (nothing is made live)')
  if (!/^https?:\/\/[^/]/i.test(v.health)) throw new UsageError(`--health ${v.health}: give the API's http(s) URL`)
  const token = opsTokenOf(v)
  return { api: v.health, ...(token ? { token } : {}) }
}

/** `--watch <time> [--watch-every <time>] [--min-views N] [--on-slower rollback|warn]`, checked. */
function watchOptions(
  v: { watch?: string; 'watch-every'?: string; 'min-views'?: string; 'on-slower'?: string },
  health: { api: string; token?: string } | undefined,
): WatchOptions | undefined {
  const extras = v['watch-every'] !== undefined || v['min-views'] !== undefined || v['on-slower'] !== undefined
  if (v.watch === undefined) {
    if (extras) throw new UsageError('--watch-every, --min-views and --on-slower go with --watch')
    return undefined
  }
  const forMs = parseDuration(v.watch)
  if (forMs === null || forMs <= 0) throw new UsageError(`--watch ${v.watch}: give a duration such as 10m or 1h`)
  const everyMs = v['watch-every'] === undefined ? undefined : parseDuration(v['watch-every'])
  if (everyMs === null || (everyMs !== undefined && everyMs <= 0))
    throw new UsageError(`--watch-every ${v['watch-every']}: give a duration such as 30s`)
  const minViews = v['min-views'] === undefined ? undefined : Number(v['min-views'])
  if (minViews !== undefined && (!Number.isInteger(minViews) || minViews < 1)) throw new UsageError('--min-views takes a whole number ≥ 1')
  const onSlower = v['on-slower'] ?? 'rollback'
  if (onSlower !== 'rollback' && onSlower !== 'warn') throw new UsageError(`--on-slower ${onSlower}: give rollback or warn`)
  return {
    health: health!.api,
    forMs,
    onSlower,
    ...(everyMs !== undefined ? { everyMs } : {}),
    ...(minViews !== undefined ? { minViews } : {}),
    ...(health!.token ? { token: health!.token } : {}),
  }
}
