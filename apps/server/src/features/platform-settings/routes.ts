import type { FastifyInstance } from 'fastify';
import { launch, operatorSettings } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { LANGUAGE_PACKS_CACHE } from '../language/language-packs';
import { endpointRegistrar, type UserRequestContext } from '../../http/route';
import { withBodyLimit } from '../../http/image-reply';
import { allRows } from '../../http/rows';
import { operatorRegistrar } from '../staff/operator-registrar';
import type { SettingActor } from './audited-change';
import { customerBanners, listBanners, saveBanner } from './banner-service';
import { storeBannerImage } from './banner-upload';
import {
  listRechargeChannels,
  listWithdrawChannels,
  saveRechargeChannel,
  saveWithdrawChannel,
} from './channel-service';
import { listFeeSettings, saveFeeSetting } from './fee-service';
import { listLanguageTexts, saveLanguageText } from './language-text-service';
import { listPageConfigs, savePageConfig } from './page-config-service';
import { listProducts, saveProduct } from './product-service';
import { listOtherValues, listSwitches, saveOtherValue, setSwitch } from './switch-service';
import { saveTradeSetting } from './trade-setting-service';

/** A banner image is one upload: the same bound as the customers' uploads. */
const BANNER_UPLOAD_BODY_BYTES_MAX = 4 * 1024 * 1024;

/**
 * The operator API of the platform settings (contract `operatorSettings`) and the one customer call it
 * adds (`banner/list`). The roles are declared on each endpoint and enforced by the route layer; each
 * save is one transaction with its audit row (audited-change.ts).
 */
export function platformSettingsRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const operator = operatorRegistrar(app, context);
  const actor = (request: UserRequestContext, reason: string): SettingActor => ({
    staffId: request.user.userId,
    reason,
    now: context.clock(),
  });

  operator(operatorSettings.operatorProducts, ({ query }) => listProducts(db, query));
  operator(operatorSettings.operatorProductSave, ({ body, context: request }) =>
    saveProduct(db, actor(request, body.reason), body),
  );
  operator(operatorSettings.operatorTradeSettingSave, ({ body, context: request }) =>
    saveTradeSetting(db, actor(request, body.reason), body),
  );
  operator(operatorSettings.operatorFeeSettings, async () => allRows(await listFeeSettings(db), (row) => row));
  operator(operatorSettings.operatorFeeSettingSave, ({ body, context: request }) =>
    saveFeeSetting(db, actor(request, body.reason), body),
  );

  operator(operatorSettings.operatorSwitches, async () => allRows(await listSwitches(db), (row) => row));
  operator(operatorSettings.operatorSwitchSet, ({ body, context: request }) =>
    setSwitch(db, actor(request, body.reason), body),
  );
  operator(operatorSettings.operatorOtherValues, async () => allRows(await listOtherValues(db), (row) => row));
  operator(operatorSettings.operatorOtherValueSave, ({ body, context: request }) =>
    saveOtherValue(db, actor(request, body.reason), body),
  );
  operator(operatorSettings.operatorPageConfigs, async ({ query }) =>
    allRows(await listPageConfigs(db, query.pagePath), (row) => row),
  );
  operator(operatorSettings.operatorPageConfigSave, ({ body, context: request }) =>
    savePageConfig(db, actor(request, body.reason), body),
  );

  operator(operatorSettings.operatorBanners, async ({ query }) =>
    allRows(await listBanners(db, query.language), (row) => row),
  );
  operator(operatorSettings.operatorBannerSave, ({ body, context: request }) =>
    saveBanner(db, context.config.dataDirectory, actor(request, body.reason), body),
  );
  withBodyLimit(app, BANNER_UPLOAD_BODY_BYTES_MAX, (scope) => {
    operatorRegistrar(scope, context)(operatorSettings.operatorBannerUpload, ({ body, context: request }) =>
      storeBannerImage(
        db,
        context.config.dataDirectory,
        { staffId: request.user.userId, now: context.clock() },
        body.file,
      ),
    );
  });
  endpointRegistrar(app, context.authenticate)(launch.bannerList, async ({ context: request }) =>
    allRows(await customerBanners(db, request.language), (row) => row),
  );

  operator(operatorSettings.operatorLanguageTexts, ({ query }) => listLanguageTexts(db, query));
  operator(operatorSettings.operatorLanguageTextSave, async ({ body, context: request }) => {
    const saved = await saveLanguageText(db, actor(request, body.reason), body);
    // The packs are served from memory: reloaded after the commit, so the next pack load has the text,
    // and in a cluster the other processes are told to reload theirs (app.ts).
    await context.languagePacks.load(db);
    context.bus.publish('invalidate', { cache: LANGUAGE_PACKS_CACHE });
    return saved;
  });

  operator(operatorSettings.operatorRechargeChannels, async () =>
    allRows(await listRechargeChannels(db), (row) => row),
  );
  operator(operatorSettings.operatorRechargeChannelSave, ({ body, context: request }) =>
    saveRechargeChannel(db, actor(request, body.reason), body),
  );
  operator(operatorSettings.operatorWithdrawChannels, async () =>
    allRows(await listWithdrawChannels(db), (row) => row),
  );
  operator(operatorSettings.operatorWithdrawChannelSave, ({ body, context: request }) =>
    saveWithdrawChannel(db, actor(request, body.reason), body),
  );
}
