/**
 * `npm start`'s first step: exits 1 with one line when PORT (3000) is taken on HOST, before the build.
 */
import { isPortFree, portInUseMessage } from './port-in-use'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'

if (port !== 0 && !(await isPortFree(port, host))) {
  console.error(portInUseMessage(port))
  process.exit(1)
}
