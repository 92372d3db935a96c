import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../lib/permission.tsx';

export interface GoodsFilters {
  name?: string;
  taxCode?: string;
  ownCode?: string;
  status?: '0' | '1';
}

/** The query bar; searching is the btn_query element (spec §6). */
export function SearchForm({ onSearch }: { onSearch: (f: GoodsFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GoodsFilters>();
  const clean = (v: GoodsFilters) =>
    Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')) as GoodsFilters;
  return (
    <Form
      form={form}
      layout="inline"
      name="goods-code-search"
      onFinish={(v) => onSearch(clean(v))}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="name" label={t('goodsCode.field.name')}>
        <Input allowClear placeholder={t('goodsCode.nameHint')} maxLength={90} />
      </Form.Item>
      <Form.Item name="taxCode" label={t('goodsCode.field.taxCode')}>
        <Input allowClear maxLength={19} />
      </Form.Item>
      <Form.Item name="ownCode" label={t('goodsCode.field.ownCode')}>
        <Input allowClear maxLength={20} />
      </Form.Item>
      <Form.Item name="status" label={t('goodsCode.field.status')}>
        <Select
          allowClear
          style={{ width: 110 }}
          options={[
            { value: '1', label: t('goodsCode.enabled') },
            { value: '0', label: t('goodsCode.disabled') },
          ]}
        />
      </Form.Item>
      <Can code="goodsCode:btn_query">
        <Space>
          <Button type="primary" htmlType="submit">
            {t('goodsCode.query')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('goodsCode.reset')}
          </Button>
        </Space>
      </Can>
    </Form>
  );
}
