/** The invitation poster (features/share), where the invite card and the empty lists lead. */
export const SHARE_PATH = '/pages/user/iwannashare';
