// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAppState } from '../../test/reset-app-state';
import { clearNetworkError, networkErrorOf, reportLoadFailure } from './network-errors';

beforeEach(resetAppState);

describe('SPEC §8 load failures', () => {
  it('a switch set or page config failure goes to the network-error page, naming the route', () => {
    window.location.hash = '#/pages/tabs/me/me-d';
    reportLoadFailure('page-config');
    expect(window.location.hash).toBe(
      `#/pages/networdError/networdError?from=${encodeURIComponent('/pages/tabs/me/me-d')}`,
    );
    expect(networkErrorOf('/pages/tabs/me/me-d')).toMatchObject({ failed: 'page-config', failures: 1 });
  });

  it('a language pack failure goes to the line page', () => {
    reportLoadFailure('language-pack', '/pages/tabs/home/home-d');
    expect(window.location.hash).toBe(`#/pages/language/line?from=${encodeURIComponent('/pages/tabs/home/home-d')}`);
  });

  it('keeps one record per route and counts repeated failures', () => {
    reportLoadFailure('switch-set', '/a');
    reportLoadFailure('page-config', '/a');
    reportLoadFailure('page-config', '/b');
    expect(networkErrorOf('/a')).toMatchObject({ failed: 'page-config', failures: 2 });
    expect(networkErrorOf('/b')).toMatchObject({ failures: 1 });
    clearNetworkError('/a');
    expect(networkErrorOf('/a')).toBeUndefined();
  });

  it('never redirects from the error pages themselves', () => {
    window.location.hash = '#/pages/networdError/networdError?from=%2Fa';
    reportLoadFailure('page-config');
    expect(window.location.hash).toBe('#/pages/networdError/networdError?from=%2Fa');
  });
});
