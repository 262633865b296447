import type { Kysely, Selectable } from 'kysely';
import type { operatorSettings } from '@kestrel/contract';
import type { z } from 'zod';
import type { AppPageConfigTable, Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { auditedChange, type SettingActor } from './audited-change';
import { isAppRoute, isPageLayout } from './setting-rules';

type PageConfigView = z.output<typeof operatorSettings.operatorPageConfig>;
type PageConfigSave = z.output<typeof operatorSettings.operatorPageConfigSave.body>;

function pageConfigView(row: Selectable<AppPageConfigTable>): PageConfigView {
  return {
    id: row.id,
    pagePath: row.page_path,
    module: row.module,
    desc: row.description,
    isVisible: row.is_visible === 1 ? 1 : 0,
    sort: row.sort,
    titleKey: row.title_key,
    icon: row.icon,
    target: row.target,
  };
}

export async function listPageConfigs(db: Kysely<Database>, pagePath?: string): Promise<PageConfigView[]> {
  let select = db.selectFrom('app_page_config').selectAll();
  if (pagePath) select = select.where('page_path', '=', pagePath);
  const rows = await select.orderBy('page_path').orderBy('module').orderBy('sort').orderBy('id').execute();
  return rows.map(pageConfigView);
}

/**
 * One entry: the layout it sits on and the page it opens must be pages of the app (contract
 * PAGE_LAYOUTS, APP_ROUTES); the switch that hides it must exist, by its name (SPEC §4: an entry is
 * hidden while the switch its desc names is 1).
 */
export async function savePageConfig(
  db: Kysely<Database>,
  actor: SettingActor,
  input: PageConfigSave,
): Promise<PageConfigView> {
  if (!isPageLayout(input.pagePath)) refuse('error.page_route_unknown', { field: 'pagePath' });
  if (!isAppRoute(input.target)) refuse('error.page_route_unknown', { field: 'target' });
  return auditedChange(
    db,
    actor,
    { action: 'page_config.save', targetType: 'app_page_config' },
    async (transaction) => {
      const before = await transaction
        .selectFrom('app_page_config')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!before) refuse('error.setting_not_found');
      const hidingSwitch = await transaction
        .selectFrom('switch_setting')
        .select('id')
        .where('switch_name', '=', input.desc)
        .executeTakeFirst();
      if (!hidingSwitch) refuse('error.setting_value_invalid', { field: 'desc' });
      const changes = {
        page_path: input.pagePath,
        target: input.target,
        description: input.desc,
        is_visible: input.isVisible,
        sort: input.sort,
      };
      await transaction.updateTable('app_page_config').set(changes).where('id', '=', input.id).execute();
      const result = pageConfigView({ ...before, ...changes });
      return { targetId: input.id, before: pageConfigView(before), after: result, result };
    },
  );
}
