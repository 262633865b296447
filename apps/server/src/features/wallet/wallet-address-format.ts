// The address checks live in core/, so the operator's deposit channels (features/platform-settings)
// check a payee address with the same rules as a customer's withdrawal address.
export {
  isBitcoinAddress,
  isSegwitAddress,
  isTronAddress,
  isValidWalletAddress,
} from '../../core/wallet-address-format';
