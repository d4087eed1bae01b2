export {
  browserShareHost,
  COPIED_MESSAGE,
  COPY_FAILED_MESSAGE,
  shareOutside,
  type ShareHost,
  type ShareOutcome,
  type SharePayload,
} from './share-outside'
