import { Screen } from '../../shared/ui/Screen';

export default function ChannelsScreen() {
  return <Screen title="ChannelsScreen">{null}</Screen>;
}
