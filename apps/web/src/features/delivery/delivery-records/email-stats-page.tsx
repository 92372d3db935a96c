import { exportEmailStats, getEmailStats } from '@fpy/contracts';
import { StatsPage } from './stats-page.tsx';

/** 邮件统计 (/emailMessage/emailStatistic): by provider or by company. */
export default function EmailStatsPage() {
  return (
    <StatsPage
      channel="email"
      groupBy="choose"
      route={getEmailStats}
      exportRoute={exportEmailStats}
      exportCode="emailStatistic:btn_export"
    />
  );
}
