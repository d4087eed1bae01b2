export { DownloadBar } from './download-bar'
