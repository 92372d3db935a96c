import { Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../crud/limited-input.tsx';

/** Spec, unit, price, pricing mode, rate/policy, own code and status of the goods-code dialog. */
export function PriceAndRateFields({
  rateOptions,
  loading,
}: {
  rateOptions: { value: string; label: string }[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="spec" label={t('goodsCode.field.spec')}>
            <LimitedInput maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="unit" label={t('goodsCode.field.unit')}>
            <LimitedInput maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="unitPrice"
            label={t('goodsCode.field.unitPrice')}
            rules={[{ pattern: /^\d{1,12}(\.\d{1,13})?$/, message: t('goodsCode.priceRule') }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="pricingMode" label={t('goodsCode.field.pricingMode')}>
            <Radio.Group
              options={[
                { value: 'exclusive', label: t('goodsCode.exclusive') },
                { value: 'inclusive', label: t('goodsCode.inclusive') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="rateOption"
            label={t('goodsCode.field.rate')}
            rules={[
              {
                required: true,
                message: t('goodsCode.required', { field: t('goodsCode.field.rate') }),
              },
            ]}
          >
            <Select loading={loading} placeholder={t('goodsCode.pickCodeFirst')} options={rateOptions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="ownCode" label={t('goodsCode.field.ownCode')} extra={t('goodsCode.ownCodeHint')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="enabled" label={t('goodsCode.field.status')} valuePropName="checked">
        <Switch checkedChildren={t('goodsCode.enabled')} unCheckedChildren={t('goodsCode.disabled')} />
      </Form.Item>
    </>
  );
}
