import type { QueryClient } from '@tanstack/react-query';
import { forgetLoadedLanguagePacks, loadLanguagePack } from '../i18n/language-pack';
import { pageConfig } from '../page-config/page-config';
import { realtime } from '../realtime/realtime';
import { useSettingsStore } from '../store/settings';

/**
 * Moves the app to another line (SPEC §7): stores `currentLine`, reconnects the socket there and
 * reloads what came from the old line (queries, language pack, page configuration).
 */
export async function switchLine(index: number, queryClient: QueryClient): Promise<void> {
  useSettingsStore.getState().setCurrentLine(index);
  realtime.reconnect();
  pageConfig.clear();
  forgetLoadedLanguagePacks();
  await Promise.all([loadLanguagePack(useSettingsStore.getState().locale), queryClient.invalidateQueries()]);
}
