export { ActionSheet, type Action, type ActionSheetProps } from './action-sheet'
export { showActionSheet, clearActionSheets, type ShowActionSheetOptions } from './methods'
