import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { TEMP_NAME } from '../../scripts/delivery/store/dir/fs-atomic'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { currentRelease, listReleases } from '../../scripts/delivery/releases/records'
import { writeMiniBuild } from './helpers/mini-build'
import { runCli } from './helpers/run-cli'
import { servedVersions } from './helpers/target-checks'

let tmp: string
let build: string
let manifest: PagesManifest
let target: string
let n = 0
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'kids-recovery-'))
  build = join(tmp, 'build')
  manifest = writeMiniBuild(build, ['a', 'b', 'c'])
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
beforeEach(() => {
  target = join(tmp, `target-${n++}`)
})

/** The pid of a process that has just exited (so no process has it, for a while). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(child.stdout)
}

/**
 * A process that has exited but that its parent has not reaped yet (a zombie), as a deploy killed under
 * a parent that does not wait for it: `sh` starts a short `sleep`, then becomes a long `sleep`, which
 * never waits for children. `stop` ends the parent, and with it the zombie.
 */
async function zombie(): Promise<{ pid: number; stop: () => void }> {
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] })
  const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))))
  const state = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
  }
  for (let i = 0; i < 100 && state() !== 'Z'; i++) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(state()).toBe('Z')
  return { pid, stop: () => parent.kill('SIGKILL') }
}

function leaveLock(text: string): string {
  const lock = join(target, '.releases', '.lock')
  mkdirSync(join(target, '.releases'), { recursive: true })
  writeFileSync(lock, text)
  return lock
}

/** Every file or folder under `dir` named like a temp file. */
function temps(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => TEMP_NAME.test(f.split('/').pop()!))
}

describe('a deploy killed mid-run', () => {
  it('leaves a lock the next deploy takes over, saying so', () => {
    const lock = leaveLock(`pid ${deadPid()} host ${hostname()} since 2026-11-01T10:00:00.000Z\n`)
    const result = runCli('deploy.ts', ['--to', target, '--from', build])
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/took over the lock of an interrupted run \(pid \d+, started 2026-11-01T10:00:00.000Z\)/)
    expect(servedVersions(target, [manifest]).size).toBe(3)
    expect(existsSync(lock)).toBe(false)
  })

  it('leaves a lock the next deploy takes over while the killed process is a zombie not yet reaped', async () => {
    const killed = await zombie()
    try {
      leaveLock(`pid ${killed.pid} host ${hostname()} since 2026-11-01T10:00:00.000Z\n`)
      const result = runCli('deploy.ts', ['--to', target, '--from', build])
      expect(result.stderr).toContain(
        `took over the lock of an interrupted run (pid ${killed.pid}, started 2026-11-01T10:00:00.000Z), which is no longer running`,
      )
      expect(result.code).toBe(0)
    } finally {
      killed.stop()
    }
  })

  it('takes over a lock written before locks named their host', () => {
    leaveLock(`pid ${deadPid()} since 2026-11-01T10:00:00.000Z\n`)
    const result = runCli('deploy.ts', ['--to', target, '--from', build])
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('took over the lock')
  })

  it('is cleaned up after: its temp files and half-built release are deleted by the next run', () => {
    mkdirSync(join(target, 'assets'), { recursive: true })
    writeFileSync(join(target, 'assets', '.a-1234.js.4242.9f2c11aa.tmp'), 'half an asset')
    mkdirSync(join(target, '.releases', '.0001-20261101T100000Z.tmp', 'html'), { recursive: true })
    writeFileSync(join(target, '.releases', '.0001-20261101T100000Z.tmp', 'html', 'x.html'), 'half a release')
    const result = runCli('deploy.ts', ['--to', target, '--from', build])
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('removed 2 temporary files left by an interrupted run')
    expect(temps(target)).toEqual([])
    expect(listReleases(target).map((r) => r.id)).toEqual([currentRelease(target)])
  })
})

describe('a deploy that is still running', () => {
  it('keeps its lock: a second run is refused and names it', () => {
    const lock = leaveLock(`pid ${process.pid} host ${hostname()} since 2026-11-01T10:00:00.000Z\n`)
    const result = runCli('deploy.ts', ['--to', target, '--from', build])
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      `${target} is locked by another run that is still going (pid ${process.pid} on ${hostname()}, started 2026-11-01T10:00:00.000Z); wait for it to finish, or break it with --unlock --reason "…" if it is not running`,
    )
    expect(existsSync(lock)).toBe(true)
    expect(existsSync(join(target, 'a', 'index.html'))).toBe(false)
  })

  it('on another machine (shared storage), written before locks were refreshed, is kept while recently written', () => {
    leaveLock(`pid ${deadPid()} host some-other-host since 2026-11-01T10:00:00.000Z\n`)
    expect(runCli('deploy.ts', ['--to', target, '--from', build]).code).toBe(1)
  })
})

/** Dates the lock file's last write `ms` ago, as a lock nobody has rewritten since. */
function ageLock(lock: string, ms: number): void {
  const then = new Date(Date.now() - ms)
  utimesSync(lock, then, then)
}

describe('a lock its holder line cannot clear', () => {
  const recent = new Date(Date.now() - 3 * 60_000).toISOString()
  const cases = [
    ['garbage', '\u0000\u0001 not a lock at all'],
    ['empty', ''],
    ['without a refresh time, from another host', `pid 4242 host some-other-host since 2026-11-01T10:00:00.000Z\n`],
    [
      'dated in the future',
      `pid 4242 host some-other-host since 2099-01-01T00:00:00.000Z refreshed 2099-01-01T00:00:00.000Z run 0123456789ab\n`,
    ],
  ]

  it.each(cases)('(%s) is taken over once not written for over 2 minutes, saying so', (_, text) => {
    ageLock(leaveLock(text), 3 * 60_000)
    const result = runCli('deploy.ts', ['--to', target, '--from', build])
    expect(result.stderr).toMatch(
      /took over the lock of an interrupted run \(.*\), .*not written since \S+ \(over 2 min\): taken to be dead/,
    )
    expect(result.code).toBe(0)
    expect(servedVersions(target, [manifest]).size).toBe(3)
  })

  it.each(cases)('(%s) is refused while recently written', (_, text) => {
    leaveLock(text)
    const result = runCli('deploy.ts', ['--to', target, '--from', build])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('is locked by another run that is still going')
  })

  it('naming a live process of this host that stopped refreshing it (a reused pid) is taken over', () => {
    leaveLock(`pid ${process.pid} host ${hostname()} since 2026-11-01T10:00:00.000Z refreshed ${recent} run 0123456789ab\n`)
    const result = runCli('deploy.ts', ['--to', target, '--from', build])
    expect(result.stderr).toContain(
      `took over the lock of an interrupted run (pid ${process.pid}, started 2026-11-01T10:00:00.000Z), not refreshed since ${recent}`,
    )
    expect(result.code).toBe(0)
  })
})

describe('npm run deploy -- --unlock', () => {
  it('breaks a lock with the reason given, and logs who broke which lock and why', () => {
    const lock = leaveLock(`pid ${process.pid} host ${hostname()} since 2026-11-01T10:00:00.000Z\n`)
    const result = runCli('deploy.ts', ['--to', target, '--unlock', '--reason', 'the CI runner was destroyed mid-deploy'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`Broke the lock of ${target}: pid ${process.pid} host ${hostname()}`)
    expect(existsSync(lock)).toBe(false)
    const [log] = readdirSync(join(target, '.releases', 'unlocks'))
    const text = readFileSync(join(target, '.releases', 'unlocks', log!), 'utf8')
    expect(text).toMatch(/^at \S+\nby \S+@\S+ pid \d+\nreason the CI runner was destroyed mid-deploy\nlock pid /)
    expect(runCli('deploy.ts', ['--to', target, '--from', build]).code).toBe(0)
  })

  it('refuses without a reason, and says so when there is no lock', () => {
    leaveLock(`pid ${process.pid} since 2026-11-01T10:00:00.000Z\n`)
    const bare = runCli('deploy.ts', ['--to', target, '--unlock'])
    expect(bare.code).toBe(2)
    expect(bare.stderr).toContain('--unlock needs --reason')
    expect(runCli('deploy.ts', ['--to', target, '--unlock', '--reason', 'stuck']).code).toBe(0)
    const none = runCli('deploy.ts', ['--to', target, '--unlock', '--reason', 'stuck'])
    expect([none.code, none.stdout]).toEqual([0, `${target} is not locked: nothing to break.\n`])
  })
})

/** A real, small filesystem (tmpfs); needs root, as CI and the dev machines run. */
function mountTmpfs(dir: string, size: string): boolean {
  mkdirSync(dir, { recursive: true })
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const cannotMount = process.getuid?.() === 0 ? null : 'a disk that fills up is a tmpfs mounted for the test, which needs root'

describe('a first deploy into a disk that fills up', skipBecause(cannotMount), () => {
  it('ends with one line, leaves no temp file, serves nothing half-written, and succeeds once there is room', () => {
    const big = join(tmp, 'big-build')
    const bigManifest = writeMiniBuild(big, ['a', 'b', 'c', 'd'], 200 * 1024)
    const disk = join(tmp, 'disk')
    expect(mountTmpfs(disk, '600k')).toBe(true)
    try {
      const to = join(disk, 'target')
      // Step: the fourth page's script does not fit.
      const result = runCli('deploy.ts', ['--to', to, '--from', big])
      expect(result.code).toBe(1)
      expect(result.stderr.trim().split('\n')).toEqual([
        `the disk of ${to} is full (ENOSPC while writing a file): free some space and run again; no page was switched: every page still serves a complete version`,
      ])
      // Step: nothing is served or recorded that was not fully written.
      expect(temps(to)).toEqual([])
      expect(currentRelease(to)).toBeNull()
      expect(servedVersions(to, [bigManifest]).size).toBe(0)
      // Step: with room, the same deploy completes.
      execFileSync('mount', ['-o', 'remount,size=4m', disk])
      const again = runCli('deploy.ts', ['--to', to, '--from', big])
      expect(again.code).toBe(0)
      expect(servedVersions(to, [bigManifest]).size).toBe(4)
    } finally {
      execFileSync('umount', [disk])
    }
  })
})

describe('a damaged release record', () => {
  /** Two releases of the mini build (the second from another copy of it), the first then damaged by `damage`. */
  function twoReleasesThenDamage(damage: (releaseDir: string) => void): string {
    const other = join(tmp, `other-${n}`)
    writeMiniBuild(other, ['a', 'b', 'c'])
    expect(runCli('deploy.ts', ['--to', target, '--from', build]).code).toBe(0)
    expect(runCli('deploy.ts', ['--to', target, '--from', other]).code).toBe(0)
    const first = listReleases(target).at(-1)!.id
    damage(join(target, '.releases', first))
    // As a target whose records predate the index (or whose index a killed run left unclean).
    rmSync(join(target, '.releases', 'index.json'))
    return first
  }

  it.each([
    ['release.json is not JSON', (dir: string) => writeFileSync(join(dir, 'release.json'), '{"id": "000')],
    [
      'pages-manifest.json is not a version-1 pages manifest',
      (dir: string) => writeFileSync(join(dir, 'pages-manifest.json'), '{"version": 7}'),
    ],
  ])('(%s) is skipped and named, and today’s deploy goes on', (problem, damage) => {
    const first = twoReleasesThenDamage(damage)
    const result = runCli('deploy.ts', ['--to', target, '--from', build])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(`skipped the damaged release record ${first}: `)
    expect(result.stderr).toContain(problem)
    expect(servedVersions(target, [manifest]).size).toBe(3)
  })

  it('is listed as damaged by --list, which still lists the others', () => {
    const first = twoReleasesThenDamage((dir) => writeFileSync(join(dir, 'release.json'), 'garbage'))
    const list = runCli('deploy.ts', ['--to', target, '--list'])
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout.split('\n')).toEqual([
      expect.stringMatching(/^\* 0002-\S+\s+deploy/),
      `! ${first}  damaged: release.json is not JSON`,
      '',
    ])
  })

  it('is kept by prune, which deletes no file while it is within the grace period', () => {
    const first = twoReleasesThenDamage((dir) => writeFileSync(join(dir, 'release.json'), 'garbage'))
    const within = runCli('deploy.ts', ['--to', target, '--prune', '--keep', '1', '--grace', '1h'])
    expect(within.code, within.stderr).toBe(0)
    expect(within.stdout).toContain(`Damaged record kept: ${first} (release.json is not JSON)`)
    expect(within.stdout).toContain('Deleted files: 0')
    expect(within.stdout).toContain(`No file deleted: the damaged record ${first} was made within the grace period`)
    // Past the grace period its files may go; the record stays, for a person to look at.
    const past = runCli('deploy.ts', ['--to', target, '--prune', '--keep', '1', '--grace', '0'])
    // Three assets and the three pages' immutable HTML of that release (docs/rollout.md).
    expect(past.stdout).toContain('Deleted files: 6')
    expect(existsSync(join(target, '.releases', first))).toBe(true)
  })
})
