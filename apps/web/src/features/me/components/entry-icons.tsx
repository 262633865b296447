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

/** Icon and tint for each page-config `icon` name the server uses; unknown names get a neutral default. */
const ICONS: Record<string, { icon: ReactNode; tint: string }> = {
  user: { icon: <UserOutline />, tint: '#00aaff' },
  lock: { icon: <LockOutline />, tint: '#7a5af8' },
  identity: { icon: <CheckShieldOutline />, tint: '#12b76a' },
  card: { icon: <BankcardOutline />, tint: '#f79009' },
  wallet: { icon: <CollectMoneyOutline />, tint: '#0ba5ec' },
  positions: { icon: <PieOutline />, tint: '#ee46bc' },
  records: { icon: <UnorderedListOutline />, tint: '#6172f3' },
  shares: { icon: <CouponOutline />, tint: '#f04438' },
  loan: { icon: <CalculatorOutline />, tint: '#15b79e' },
  copy: { icon: <SendOutline />, tint: '#ef6820' },
  team: { icon: <TeamOutline />, tint: '#2e90fa' },
  gift: { icon: <GiftOutline />, tint: '#f04438' },
  share: { icon: <ScanCodeOutline />, tint: '#7a5af8' },
  message: { icon: <MessageOutline />, tint: '#f63d68' },
  language: { icon: <GlobalOutline />, tint: '#00aaff' },
  line: { icon: <LinkOutline />, tint: '#12b76a' },
  service: { icon: <QuestionCircleOutline />, tint: '#f79009' },
  privacy: { icon: <FileOutline />, tint: '#667085' },
  markets: { icon: <HistogramOutline />, tint: '#00aaff' },
  deposit: { icon: <DownlandOutline />, tint: '#12b76a' },
  withdraw: { icon: <UploadOutline />, tint: '#f79009' },
  favorite: { icon: <StarOutline />, tint: '#fdb022' },
  settings: { icon: <UserSetOutline />, tint: '#667085' },
};

const FALLBACK = { icon: <ContentOutline />, tint: '#667085' };

export function EntryIcon({ name }: { name: string }) {
  const { icon, tint } = ICONS[name] ?? FALLBACK;
  return (
    <span className="me-entry__icon" style={{ color: tint, backgroundColor: `${tint}1a` }} aria-hidden="true">
      {icon}
    </span>
  );
}
