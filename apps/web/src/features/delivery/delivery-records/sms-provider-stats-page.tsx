import { exportSmsProviderStats, getSmsProviderStats } from '@fpy/contracts';
import { StatsPage } from './stats-page.tsx';

/** 短信服务商统计 (/smsMessage/smsFacilitatorStatistic). */
export default function SmsProviderStatsPage() {
  return (
    <StatsPage
      channel="sms"
      groupBy="provider"
      route={getSmsProviderStats}
      exportRoute={exportSmsProviderStats}
      exportCode="smsFacilitatorStatistic:btn_export"
    />
  );
}
