import { Screen } from '../../shared/ui/Screen';

export default function SwitchesScreen() {
  return <Screen title="SwitchesScreen">{null}</Screen>;
}
