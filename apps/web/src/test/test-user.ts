import type { UserInfo } from '@kestrel/contract/web';

/**
 * A customer's profile as `getUserInfo` answers it: `accountType` 0 (real) or 2 (demo), the rest a
 * fixed customer unless `overrides` say otherwise.
 */
export function testUser(accountType = 0, overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    userAccount: 'lead@example.com',
    email: 'lead@example.com',
    phone: null,
    areaCode: null,
    nickName: 'Lead',
    avatar: '',
    accountType,
    inviteCode: 'AB12CD34',
    createTime: 0,
    ...overrides,
  };
}
