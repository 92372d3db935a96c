import { smsControlsMeta } from '@fpy/resources';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../crud/resource-page.tsx';

/** 黑白名单 (/smsMessage/smsControlList): the platform-wide blacklist and whitelist. */
export default function ControlsPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage
      meta={smsControlsMeta}
      cells={{
        kind: (v) => (
          <Tag color={v === 'black' ? 'red' : 'green'}>
            {t(`resource.smsControls.options.kind.${String(v)}`)}
          </Tag>
        ),
      }}
    />
  );
}
