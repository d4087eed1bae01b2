export { AUDIO_FAILED, AudioFailedNotice } from './audio-failed-notice'
