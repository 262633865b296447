import { launch, type AnswerOf } from '@kestrel/contract/web';
import { call } from '../api/call';
import { reportLoadFailure } from '../api/network-errors';
import { loadSwitchSet, switchStatusByName, useSwitchSetStore, type SwitchRow } from './switch-set';

/** One page option entry (SPEC §3): where it leads, its icon and title, its module and its switch (desc). */
export type PageEntry = AnswerOf<typeof launch.appConfigList>;

/** Entries of one module, in the server's order. */
export interface PageModule {
  module: string;
  entries: PageEntry[];
}

/** SPEC §4 step 4: visible, and the switch named by desc is not on. */
export function keepShownEntries(entries: readonly PageEntry[], switches: readonly SwitchRow[]): PageEntry[] {
  return entries.filter((entry) => entry.isVisible === 1 && switchStatusByName(switches, entry.desc) !== 1);
}

/** SPEC §4 step 5: modules in order of first appearance, entries by `sort` inside each. */
export function groupByModule(entries: readonly PageEntry[]): PageModule[] {
  const modules = new Map<string, PageEntry[]>();
  for (const entry of entries) {
    const list = modules.get(entry.module) ?? [];
    list.push(entry);
    modules.set(entry.module, list);
  }
  return [...modules].map(([module, list]) => ({ module, entries: [...list].sort((a, b) => a.sort - b.sort) }));
}

/** Where the loader gets its data; the app wires the API, tests wire fakes. */
export interface PageConfigSources {
  switches: () => readonly SwitchRow[];
  loadSwitches: () => Promise<unknown>;
  fetchEntries: (pagePath: string) => Promise<PageEntry[]>;
}

export interface PageConfigLoader {
  load: (pagePath: string) => Promise<PageModule[]>;
  /** A line or language change makes every cached page stale. */
  clear: () => void;
}

/** The SPEC §4 page configuration algorithm, with its per-page cache. */
export function createPageConfigLoader(sources: PageConfigSources): PageConfigLoader {
  const cache = new Map<string, PageModule[]>();
  const inFlight = new Map<string, Promise<PageModule[]>>();

  async function compute(pagePath: string): Promise<PageModule[]> {
    if (sources.switches().length === 0) await sources.loadSwitches();
    const entries = await sources.fetchEntries(pagePath);
    const modules = groupByModule(keepShownEntries(entries, sources.switches()));
    cache.set(pagePath, modules);
    return modules;
  }

  return {
    load: (pagePath) => {
      const cached = cache.get(pagePath);
      if (cached) return Promise.resolve(cached);
      let pending = inFlight.get(pagePath);
      if (!pending) {
        pending = compute(pagePath).finally(() => inFlight.delete(pagePath));
        inFlight.set(pagePath, pending);
      }
      return pending;
    },
    clear: () => cache.clear(),
  };
}

/** The app's loader: switches from the shared store, entries from `/api/appConfig/list`. */
export const pageConfig = createPageConfigLoader({
  switches: () => useSwitchSetStore.getState().rows,
  loadSwitches: loadSwitchSet,
  fetchEntries: async (pagePath) => {
    try {
      const { rows } = await call(launch.appConfigList, { query: { pagePath } });
      return rows;
    } catch (error) {
      reportLoadFailure('page-config');
      throw error;
    }
  },
});
