import { exportSmsTenantStats, getSmsTenantStats } from '@fpy/contracts';
import { StatsPage } from './stats-page.tsx';

/** 企业短信统计 (/smsMessage/enterpriseSmsStatistic). */
export default function SmsTenantStatsPage() {
  return (
    <StatsPage
      channel="sms"
      groupBy="tenant"
      route={getSmsTenantStats}
      exportRoute={exportSmsTenantStats}
      exportCode="enterpriseSmsStatistic:btn_export"
    />
  );
}
