/** Tint per quick-entry icon name (the page-config `icon`). */
export const QUICK_TINTS: Record<string, string> = {
  markets: '#00aaff',
  deposit: '#12b76a',
  withdraw: '#f79009',
  favorite: '#fdb022',
  service: '#7a5af8',
};
