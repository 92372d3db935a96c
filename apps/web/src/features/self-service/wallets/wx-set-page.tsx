import { WalletSettings } from './wallet-settings.tsx';

export default function Page() {
  return <WalletSettings platform="wechat" />;
}
