import { Screen } from '../../shared/ui/Screen';

export default function ProductsScreen() {
  return <Screen title="ProductsScreen">{null}</Screen>;
}
