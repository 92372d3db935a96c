import type { JobState } from '@fpy/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export const STATE_COLOR: Record<JobState, string> = {
  pending: 'blue',
  running: 'processing',
  done: 'green',
  failed: 'orange',
  dead: 'red',
};

/** A kind's human name (`jobs.kinds.<kind>`, dots nest); an unknown kind shows its code. */
export const kindName = (t: TFunction, kind: string) => t(`jobs.kinds.${kind}`, { defaultValue: kind });

export function JobStateTag({ state }: { state: JobState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]}>{t(`jobs.state.${state}`)}</Tag>;
}
