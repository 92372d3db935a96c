import { OPEN_GROUP_TEXTS, OPEN_GROUPS, WEBHOOK_EVENT_TEXTS, WEBHOOK_EVENTS } from '@fpy/contracts';
import type { BulkVerbDef, OptionDef } from '../../define.ts';

/** Option lists the open platform's resources share (issue 32, lane CONSOLE). */
export const GROUP_OPTIONS: OptionDef[] = OPEN_GROUPS.map((g) => ({
  value: g,
  zh: OPEN_GROUP_TEXTS[g].zh,
  en: OPEN_GROUP_TEXTS[g].en,
}));

export const STATE_OPTIONS: OptionDef[] = [
  { value: 'enabled', zh: '启用', en: 'Enabled' },
  { value: 'disabled', zh: '停用', en: 'Disabled' },
];

/** The webhook events an app may subscribe to (lane HOOKS's list and texts). */
export const EVENT_OPTIONS: OptionDef[] = WEBHOOK_EVENTS.map((e) => ({
  value: e,
  zh: `${WEBHOOK_EVENT_TEXTS[e].zh} (${e})`,
  en: `${WEBHOOK_EVENT_TEXTS[e].en} (${e})`,
}));

/** 启用 / 停用 on the selected rows: a declared patch of `state`. */
export const stateBulk: readonly BulkVerbDef[] = [
  { name: 'enable', label: { zh: '启用', en: 'Enable' }, element: 'enable', set: { state: 'enabled' } },
  {
    name: 'disable',
    label: { zh: '停用', en: 'Disable' },
    element: 'disable',
    set: { state: 'disabled' },
    confirm: true,
    danger: true,
  },
];

export const createdAtField = {
  label: { zh: '创建时间', en: 'Created at' },
  type: 'datetime',
  sortable: true,
  width: 170,
} as const;
