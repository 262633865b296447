import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyDocumentLanguage } from '../shared/i18n/document-language';
import { isLanguagePackLoaded, loadLanguagePack } from '../shared/i18n/language-pack';
import { DISPLAY_SWITCH_KEYS } from '../shared/display/display-rules';
import { isSwitchOn, loadSwitchSet, useSwitchSetStore } from '../shared/page-config/switch-set';
import { useSiteInfo } from '../shared/platform/api/get-site-info';
import { loadOtherValues, useOtherValuesStore } from '../shared/platform/other-values';
import { useRouteTitleKey } from '../shared/route-title';
import { useSettingsStore } from '../shared/store/settings';
import { useRiseFallClass } from '../shared/theme/use-document-theme';

/** `<html lang dir>` follows the chosen language. */
export function useDocumentLanguage(): void {
  const locale = useSettingsStore((state) => state.locale);
  useEffect(() => applyDocumentLanguage(locale), [locale]);
}

/** The window title: the page's title and the brand, or the brand alone (SPEC §2 default title). */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  const siteName = useSiteInfo().data?.siteName ?? 'Kestrel';
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · ${siteName}` : siteName;
  }, [t, titleKey, siteName]);
}

/**
 * Rise/fall colours: the `red_up` switch is the site's default, which the customer's own choice in Me
 * overrides; the colours in force set `html.red-up`, which tokens.css turns into swapped colours.
 */
export function useRiseFallColours(): void {
  const redUp = useSwitchSetStore((state) => isSwitchOn(state.rows, DISPLAY_SWITCH_KEYS.redUp));
  const followSite = useSettingsStore((state) => state.followSiteRiseFallColours);
  useEffect(() => followSite(redUp ? 'red-up' : 'green-up'), [redUp, followSite]);
  useRiseFallClass();
}

/**
 * Switches and the otherValue map drive how every number shows; a deep link or a reload skips the
 * launch page, so they are loaded here too when missing.
 */
export function useDisplaySettingsLoaded(): void {
  useEffect(() => {
    if (useSwitchSetStore.getState().rows.length === 0) loadSwitchSet().catch(() => undefined);
    if (!useOtherValuesStore.getState().loaded) void loadOtherValues();
  }, []);
}

/**
 * Whether the current language can be shown. English is bundled; another language waits for its pack
 * (a deep link or a reload skips the launch page). A failed pack still opens the app, in English,
 * on the line page the failure sent the customer to.
 */
export function useLanguageReady(): boolean {
  const locale = useSettingsStore((state) => state.locale);
  const [settled, setSettled] = useState(() => locale === 'en' || isLanguagePackLoaded(locale));
  useEffect(() => {
    let active = true;
    void loadLanguagePack(locale).finally(() => {
      if (active) setSettled(true);
    });
    return () => {
      active = false;
    };
  }, [locale]);
  return settled;
}
