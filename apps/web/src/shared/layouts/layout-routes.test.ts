import { HOME_LAYOUT_NAMES, ME_LAYOUT_NAMES } from '@kestrel/contract/web';
import { describe, expect, it } from 'vitest';
import { loginFrom } from '../paths';
import { homeLayoutOfPath, homePathOf, isHomeLayoutPath, meLayoutOfPath, mePathOf } from './layout-routes';

describe('"home" and "me" are the layouts the operator chose', () => {
  it('follows app_home_layout and app_me_layout', () => {
    expect(homePathOf({ app_home_layout: 'home-g' })).toBe('/pages/tabs/home/home-g');
    expect(homePathOf({ app_home_layout: ' home-k ' })).toBe('/pages/tabs/home/home-k');
    expect(mePathOf({ app_me_layout: 'me-f' })).toBe('/pages/tabs/me/me-f');
  });

  it('opens the defaults for a missing, empty or unknown name', () => {
    for (const value of [undefined, '', 'home-z', 'me-d', 'HOME-G']) {
      const values: Record<string, string> =
        value === undefined ? {} : { app_home_layout: value, app_me_layout: value };
      expect(homePathOf(values), String(value)).toBe('/pages/tabs/home/home-d');
      expect(mePathOf(values), String(value)).toBe('/pages/tabs/me/me-d');
    }
  });

  it('reads every layout back from its route', () => {
    for (const name of HOME_LAYOUT_NAMES) expect(homeLayoutOfPath(`/pages/tabs/home/${name}`)).toBe(name);
    for (const name of ME_LAYOUT_NAMES) expect(meLayoutOfPath(`/pages/tabs/me/${name}`)).toBe(name);
    expect(homeLayoutOfPath('/pages/tabs/quotes/quotes')).toBe('home-d');
  });

  it('a login from any home layout needs no way back (it ends on home anyway)', () => {
    for (const name of HOME_LAYOUT_NAMES) {
      expect(isHomeLayoutPath(`/pages/tabs/home/${name}`)).toBe(true);
      expect(loginFrom(`/pages/tabs/home/${name}`)).toBe('/pages/user/login');
    }
    expect(isHomeLayoutPath('/pages/tabs/home/nope')).toBe(false);
  });
});
