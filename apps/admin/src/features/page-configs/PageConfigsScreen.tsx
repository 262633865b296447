import { Screen } from '../../shared/ui/Screen';

export default function PageConfigsScreen() {
  return <Screen title="PageConfigsScreen">{null}</Screen>;
}
