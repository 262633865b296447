/**
 * Where the copy-trading screen is, read from its address so that the back button and a shared link
 * work: the tab, the trader whose record is open (`?trader=ID`) and the follow whose copies are open
 * (`?relation=ID`).
 */
import { idParameter } from '../../../shared/id-parameter';

export type CopyTab = 'traders' | 'following';

export const COPY_TABS: readonly CopyTab[] = ['traders', 'following'];

export function copyTabOf(value: string | null): CopyTab {
  return value === 'following' ? 'following' : 'traders';
}

export interface CopyPlace {
  tab: CopyTab;
  traderId: number | null;
  relationId: number | null;
}

export function copyPlaceOf(params: URLSearchParams): CopyPlace {
  return {
    tab: copyTabOf(params.get('tab')),
    traderId: idParameter(params.get('trader')),
    relationId: idParameter(params.get('relation')),
  };
}

/** The search of a place: only what is set, the tab always (a link names where it leads). */
export function searchOf(place: Partial<CopyPlace> & { tab: CopyTab }): Record<string, string> {
  const search: Record<string, string> = { tab: place.tab };
  if (place.traderId) search.trader = String(place.traderId);
  if (place.relationId) search.relation = String(place.relationId);
  return search;
}
