import { deliveryStatusName } from '@fpy/domain';
import { Tag } from 'antd';
import { useLanguage } from '../../lib/i18n.ts';

const COLOURS: Record<string, string> = {
  queued: 'default',
  sending: 'processing',
  retrying: 'gold',
  accepted: 'blue',
  delivered: 'green',
  failed: 'red',
  dead: 'volcano',
  skipped: 'orange',
};

/** A delivery's state as a coloured tag, in the catalogue's one word (@fpy/domain DELIVERY_STATUS_NAMES). */
export function DeliveryStatusTag({ status }: { status: string }) {
  const lang = useLanguage();
  return <Tag color={COLOURS[status] ?? 'default'}>{deliveryStatusName(status, lang)}</Tag>;
}
