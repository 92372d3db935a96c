import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** A 税款所属期 (yyyyMM) as a month picker; it cannot be cleared. */
export function PeriodPicker({ value, onChange }: { value: string; onChange: (period: string) => void }) {
  return (
    <DatePicker
      picker="month"
      allowClear={false}
      value={dayjs(`${value.slice(0, 4)}-${value.slice(4)}-01`)}
      onChange={(d) => d && onChange(d.format('YYYYMM'))}
      disabledDate={(d) => d.isAfter(dayjs(), 'month')}
    />
  );
}

/** The period a page opens on: ?period=yyyyMM when valid, else the current selection period. */
export function initialPeriod(current: string): string {
  const q = new URLSearchParams(window.location.search).get('period');
  return q && /^20\d{2}(0[1-9]|1[0-2])$/.test(q) ? q : current;
}
