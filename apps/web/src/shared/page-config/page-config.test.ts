import { describe, expect, it, vi } from 'vitest';
import { createPageConfigLoader, groupByModule, keepShownEntries, type PageEntry } from './page-config';
import { isSwitchOn, switchStatusByName, type SwitchRow } from './switch-set';

function entry(id: number, module: string, desc: string, overrides: Partial<PageEntry> = {}): PageEntry {
  return {
    id,
    pagePath: '/pages/tabs/me/me-d',
    module,
    desc,
    isVisible: 1,
    sort: id,
    title: `Entry ${id}`,
    titleKey: `entry.${id}`,
    icon: 'user',
    target: `/target/${id}`,
    ...overrides,
  };
}

function switchRow(switchName: string, switchKey: string, status: number): SwitchRow {
  return { id: switchKey.length, switchName, switchKey, status, remark: '' };
}

const SWITCHES: SwitchRow[] = [
  switchRow('显示', 'always_shown', 0),
  switchRow('隐藏贷款', 'hide_loans', 1),
  switchRow('隐藏团队', 'hide_team', 0),
];

describe('SPEC §4 page configuration: filtering and grouping', () => {
  it('keeps visible entries whose switch (named by desc) is not 1', () => {
    const entries = [
      entry(1, 'account', '显示'),
      entry(2, 'trading', '隐藏贷款'),
      entry(3, 'community', '隐藏团队'),
      entry(4, 'account', '显示', { isVisible: 0 }),
      entry(5, 'settings', 'a switch nobody defined'),
    ];
    expect(keepShownEntries(entries, SWITCHES).map((kept) => kept.id)).toEqual([1, 3, 5]);
  });

  it('groups by module in order of first appearance, entries by sort', () => {
    const groups = groupByModule([
      entry(1, 'account', '显示', { sort: 5 }),
      entry(2, 'settings', '显示', { sort: 1 }),
      entry(3, 'account', '显示', { sort: 2 }),
    ]);
    expect(groups.map((group) => [group.module, group.entries.map((kept) => kept.id)])).toEqual([
      ['account', [3, 1]],
      ['settings', [2]],
    ]);
  });
});

describe('SPEC §4 page configuration: the loader', () => {
  function fakeSources(initialSwitches: SwitchRow[] = []) {
    let switches = initialSwitches;
    const order: string[] = [];
    const loadSwitches = vi.fn(async () => {
      order.push('switches');
      switches = SWITCHES;
    });
    const fetchEntries = vi.fn(async (pagePath: string) => {
      order.push(`entries ${pagePath}`);
      return [entry(1, 'account', '显示'), entry(2, 'trading', '隐藏贷款')];
    });
    return { sources: { switches: () => switches, loadSwitches, fetchEntries }, loadSwitches, fetchEntries, order };
  }

  it('loads the switch set first when it is empty, then the page entries', async () => {
    const { sources, order } = fakeSources();
    const modules = await createPageConfigLoader(sources).load('/pages/tabs/me/me-d');
    expect(order).toEqual(['switches', 'entries /pages/tabs/me/me-d']);
    expect(modules).toEqual([{ module: 'account', entries: [entry(1, 'account', '显示')] }]);
  });

  it('does not reload switches that are already there', async () => {
    const { sources, loadSwitches } = fakeSources(SWITCHES);
    await createPageConfigLoader(sources).load('/a');
    expect(loadSwitches).not.toHaveBeenCalled();
  });

  it('caches per page path, and shares one request between simultaneous callers', async () => {
    const { sources, fetchEntries } = fakeSources(SWITCHES);
    const loader = createPageConfigLoader(sources);
    const [first, second] = await Promise.all([loader.load('/a'), loader.load('/a')]);
    const third = await loader.load('/a');
    expect(first).toBe(second);
    expect(third).toBe(first);
    expect(fetchEntries).toHaveBeenCalledTimes(1);
    await loader.load('/b');
    expect(fetchEntries).toHaveBeenCalledTimes(2);
  });

  it('forgets its cache on clear() (line or language change)', async () => {
    const { sources, fetchEntries } = fakeSources(SWITCHES);
    const loader = createPageConfigLoader(sources);
    await loader.load('/a');
    loader.clear();
    await loader.load('/a');
    expect(fetchEntries).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failure', async () => {
    const { sources, fetchEntries } = fakeSources(SWITCHES);
    fetchEntries.mockRejectedValueOnce(new Error('offline'));
    const loader = createPageConfigLoader(sources);
    await expect(loader.load('/a')).rejects.toThrow('offline');
    await expect(loader.load('/a')).resolves.toHaveLength(1);
  });
});

describe('switch look-ups', () => {
  it('reads status by Chinese name for page entries and on/off by key for display', () => {
    expect(switchStatusByName(SWITCHES, '隐藏贷款')).toBe(1);
    expect(switchStatusByName(SWITCHES, 'unknown')).toBe(0);
    expect(isSwitchOn(SWITCHES, 'hide_loans')).toBe(true);
    expect(isSwitchOn(SWITCHES, 'hide_team')).toBe(false);
    expect(isSwitchOn(SWITCHES, 'red_up')).toBe(false);
  });
});
