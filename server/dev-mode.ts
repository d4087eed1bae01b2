/**
 * Whether a start of the reference server turns on its development features, and the banner lines
 * that say so: the routes of server/dev/ (a membership for free, the demo cloud-drive grant) and the
 * fake host (`/__fake-host.js`, injected on `?fakeHost=app`). `npm start` is the demo, so they are on;
 * `DEV_ROUTES=off` turns them off, and `NODE_ENV=production` always does (buildApp enforces it too).
 */

/** `NODE_ENV=production`: the development routes and the fake host stay out, whatever asks for them. */
export const isProduction = (env: NodeJS.ProcessEnv = process.env) => env.NODE_ENV === 'production'

export interface DevMode {
  /** Both the development routes and the fake host. */
  on: boolean
  /** What `npm start` prints about them. */
  banner: string[]
}

/** The development features for the environment `env`. */
export function devMode(env: NodeJS.ProcessEnv = process.env): DevMode {
  if (isProduction(env)) return { on: false, banner: ['Development routes and fake host: off (NODE_ENV=production).'] }
  if (env.DEV_ROUTES === 'off') return { on: false, banner: ['Development routes and fake host: off (DEV_ROUTES=off).'] }
  return {
    on: true,
    banner: [
      '! Development routes and fake host are ON (a demo, not for the public): POST /v1/dev/vip/purchase gives any',
      '  signed-in user a membership for free, /v1/dev/cloudDrive/* grants the demo drive, ?fakeHost=app plays the app.',
      '  Turn them off with DEV_ROUTES=off; NODE_ENV=production always leaves them out.',
    ],
  }
}
