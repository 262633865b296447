import {
  BankcardOutline,
  CalculatorOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  ContentOutline,
  CouponOutline,
  DownlandOutline,
  FileOutline,
  GiftOutline,
  GlobalOutline,
  HistogramOutline,
  LinkOutline,
  LockOutline,
  MessageOutline,
  PieOutline,
  QuestionCircleOutline,
  ScanCodeOutline,
  SendOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UploadOutline,
  UserOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { tintClass, type Tint } from '../../../shared/ui/tint';

/** Icon and tint for each page-config `icon` name the server uses; unknown names get a neutral default. */
const ICONS: Record<string, { icon: ReactNode; tint: Tint }> = {
  user: { icon: <UserOutline />, tint: 'brand' },
  lock: { icon: <LockOutline />, tint: 'indigo' },
  identity: { icon: <CheckShieldOutline />, tint: 'green' },
  card: { icon: <BankcardOutline />, tint: 'amber' },
  wallet: { icon: <CollectMoneyOutline />, tint: 'cyan' },
  positions: { icon: <PieOutline />, tint: 'pink' },
  records: { icon: <UnorderedListOutline />, tint: 'indigo' },
  shares: { icon: <CouponOutline />, tint: 'red' },
  loan: { icon: <CalculatorOutline />, tint: 'green' },
  copy: { icon: <SendOutline />, tint: 'amber' },
  team: { icon: <TeamOutline />, tint: 'cyan' },
  gift: { icon: <GiftOutline />, tint: 'red' },
  share: { icon: <ScanCodeOutline />, tint: 'indigo' },
  message: { icon: <MessageOutline />, tint: 'red' },
  language: { icon: <GlobalOutline />, tint: 'brand' },
  line: { icon: <LinkOutline />, tint: 'green' },
  service: { icon: <QuestionCircleOutline />, tint: 'amber' },
  privacy: { icon: <FileOutline />, tint: 'neutral' },
  markets: { icon: <HistogramOutline />, tint: 'brand' },
  deposit: { icon: <DownlandOutline />, tint: 'green' },
  withdraw: { icon: <UploadOutline />, tint: 'amber' },
  favorite: { icon: <StarOutline />, tint: 'amber' },
  settings: { icon: <UserSetOutline />, tint: 'neutral' },
};

const FALLBACK: { icon: ReactNode; tint: Tint } = { icon: <ContentOutline />, tint: 'neutral' };

export function EntryIcon({ name }: { name: string }) {
  const { icon, tint } = ICONS[name] ?? FALLBACK;
  return (
    <span className={`me-entry__icon ${tintClass(tint)}`} aria-hidden="true">
      {icon}
    </span>
  );
}
