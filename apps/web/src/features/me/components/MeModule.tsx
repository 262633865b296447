import { lazy, Suspense } from 'react';
import type { UserInfo } from '@kestrel/contract/web';
import type { PageModule } from '../../../shared/page-config/page-config';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { MeModuleId } from '../compositions';
import { AppearanceSettings } from './AppearanceSettings';
import { EntriesSkeleton, EntryFlatList, EntryGroups, EntryTabs, EntryTiles, type EntryExtras } from './EntryGroups';
import { LogoutButton } from './LogoutButton';

// The asset card (m-zichan) is in shared/widgets with its own chunk; it loads after the screen.
const AssetSummaryWidget = lazy(() =>
  import('../../../shared/widgets/AssetSummaryWidget').then((module) => ({ default: module.AssetSummaryWidget })),
);

export interface MeModuleContext {
  userInfo: UserInfo | null;
  /** The me-d page config, grouped by module; undefined while it loads. */
  groups: PageModule[] | undefined;
  extras: EntryExtras;
}

/** One module of a me layout (features/me/compositions.ts), wrapped so tests and styles can find it. */
export function MeModule({ id, context }: { id: MeModuleId; context: MeModuleContext }) {
  const content = moduleContent(id, context);
  if (content === null) return null;
  return (
    <div className="me-module" data-module={id}>
      {content}
    </div>
  );
}

function moduleContent(id: MeModuleId, { userInfo, groups, extras }: MeModuleContext) {
  switch (id) {
    case 'assets':
      // The guest's way in is the profile head; a second login prompt would repeat it.
      return userInfo ? (
        <Suspense fallback={<Skeleton height={236} radius={16} />}>
          <AssetSummaryWidget />
        </Suspense>
      ) : null;
    case 'appearance':
      return <AppearanceSettings />;
    case 'logout':
      return userInfo ? <LogoutButton /> : null;
    case 'entryTiles':
      return groups ? <EntryTiles modules={groups} extras={extras} /> : <EntriesSkeleton shape="tiles" />;
    case 'entryShortcuts': {
      if (!groups) return <EntriesSkeleton shape="tiles" />;
      const [shortcuts, ...rest] = groups;
      return (
        <>
          {shortcuts ? <EntryTiles modules={[shortcuts]} extras={extras} /> : null}
          <EntryGroups modules={rest} extras={extras} />
        </>
      );
    }
    case 'entryTabs':
      return groups ? <EntryTabs modules={groups} extras={extras} /> : <EntriesSkeleton />;
    case 'entryFlat':
      return groups ? <EntryFlatList modules={groups} extras={extras} /> : <EntriesSkeleton />;
    case 'entryList':
      return groups ? <EntryGroups modules={groups} extras={extras} /> : <EntriesSkeleton />;
  }
}
