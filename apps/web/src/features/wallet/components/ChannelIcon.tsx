import { BankcardOutline, GiftOutline } from 'antd-mobile-icons';
import { CurrencyIcon } from './CurrencyIcon';

/** Channel types: 0 bank, 1 crypto address (drawn as its currency), 2 the demo channel. */
export function ChannelIcon({
  channelType,
  currency,
}: {
  channelType: number;
  currency?: { currencyName: string; currencyImg: string };
}) {
  if (channelType === 0) return <BankcardOutline />;
  if (channelType === 2) return <GiftOutline />;
  if (currency) return <CurrencyIcon name={currency.currencyName} src={currency.currencyImg} size={28} />;
  return <BankcardOutline />;
}
