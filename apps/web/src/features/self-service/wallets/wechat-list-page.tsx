import { WalletCards } from './wallet-cards.tsx';

export default function Page() {
  return <WalletCards platform="wechat" />;
}
