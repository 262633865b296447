import { Screen } from '../../shared/ui/Screen';

export default function BannersScreen() {
  return <Screen title="BannersScreen">{null}</Screen>;
}
