import { sandboxMessagesMeta } from '@fpy/resources';
import { Typography } from 'antd';
import { ResourcePage } from '../../../crud/resource-page.tsx';

/** 沙箱消息 (what the messaging sandbox received): the message body (where the verification code is) shown whole enough to read and copy. */
export default function SandboxMessagesPage() {
  return (
    <ResourcePage
      meta={sandboxMessagesMeta}
      cells={{
        body: (v) => (
          <Typography.Paragraph
            copyable
            style={{ marginBottom: 0, maxWidth: 480 }}
            ellipsis={{ rows: 2, expandable: true }}
          >
            {String(v ?? '')}
          </Typography.Paragraph>
        ),
      }}
    />
  );
}
