import { Screen } from '../../shared/ui/Screen';

export default function LanguagePacksScreen() {
  return <Screen title="LanguagePacksScreen">{null}</Screen>;
}
