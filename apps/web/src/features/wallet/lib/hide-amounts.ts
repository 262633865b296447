// The store moved to shared/store so the asset summary widget (shared/widgets) shares the wallet's eye.
export {
  HIDDEN_AMOUNT,
  HIDE_AMOUNTS_STORAGE_KEY,
  useHideAmounts,
  type HideAmountsState,
} from '../../../shared/store/hide-amounts';
