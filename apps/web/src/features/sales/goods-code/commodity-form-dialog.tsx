import { type CommodityRow, confirmAiCoding, createCommodity, updateCommodity } from '@fpy/contracts';
import type { PreferentialPolicy, TaxRate } from '@fpy/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../crud/limited-input.tsx';
import { toast } from '../../../lib/feedback.ts';
import { call } from '../../../lib/http.ts';
import { AppModal } from '../../../lib/modal.tsx';
import { Can, useCan } from '../../../lib/permission.tsx';
import { AiSuggestions } from '../../../entities/tax-code/ai-suggestions.tsx';
import { PriceAndRateFields } from './price-rate-fields.tsx';
import { nextOwnCodeQuery, ratesQuery, refreshGoods } from './goods-api.ts';
import { TaxCodeTreeDialog } from './tax-code-tree-dialog.tsx';

export type FormMode = 'add' | 'addAi' | 'edit';

interface Values {
  name: string;
  taxCode: string;
  spec?: string;
  unit?: string;
  unitPrice?: string;
  pricingMode: 'exclusive' | 'inclusive';
  rateOption?: string;
  ownCode?: string;
  enabled: boolean;
}

const optionKey = (rate: string, policy: string | null) => `${rate}|${policy ?? ''}`;

/**
 * Add / modify dialog of the goods-code page (spec §3). In AI mode the typed name asks for the top-3 codes;
 * the tax code can always be picked from the national tree. Saving is its own element (btn_addSave /
 * btn_editSave, spec §6), and an AI-coded save also teaches the tenant's coding memory when allowed.
 */
export function CommodityFormDialog({
  mode,
  row,
  width,
  treeOpen,
  setTreeOpen,
  onClose,
}: {
  mode: FormMode | null;
  row: CommodityRow | null;
  width: number;
  treeOpen: boolean;
  setTreeOpen: (open: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [shortName, setShortName] = useState('');
  const canTeach = useCan(confirmAiCoding.permission);
  const open = mode !== null;
  const name = Form.useWatch('name', form) ?? '';
  const taxCode = Form.useWatch('taxCode', form) ?? '';
  const rates = useQuery({ ...ratesQuery(taxCode), enabled: open && /^\d{19}$/.test(taxCode) });
  const nextCode = useQuery({ ...nextOwnCodeQuery, enabled: open && mode !== 'edit' });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) {
      form.setFieldsValue({
        name: row.name,
        taxCode: row.taxCode,
        spec: row.spec ?? '',
        unit: row.unit ?? '',
        unitPrice: row.unitPrice ?? '',
        pricingMode: row.pricingMode,
        rateOption: optionKey(row.rate, row.policy),
        ownCode: row.ownCode,
        enabled: row.status === 1,
      });
      setShortName(row.shortName);
    } else {
      form.setFieldsValue({ pricingMode: 'exclusive', enabled: true });
      setShortName('');
    }
  }, [open, row, form]);

  useEffect(() => {
    if (open && mode !== 'edit' && nextCode.data && !form.getFieldValue('ownCode'))
      form.setFieldsValue({ ownCode: nextCode.data.ownCode });
  }, [open, mode, nextCode.data, form]);

  // A new code brings its own rates: keep the chosen one if still allowed, else the code's first rate.
  useEffect(() => {
    if (!rates.data) return;
    const { options } = rates.data;
    setShortName(rates.data.shortName);
    const current = form.getFieldValue('rateOption');
    if (!options.some((o) => optionKey(o.rate, o.policy) === current))
      form.setFieldsValue({
        rateOption: options[0] ? optionKey(options[0].rate, options[0].policy) : undefined,
      });
  }, [rates.data, form]);

  const pickCode = (code: string, short: string) => {
    form.setFieldsValue({ taxCode: code });
    setShortName(short);
    setTreeOpen(false);
  };

  const submit = async (v: Values) => {
    const [rate, policy] = (v.rateOption ?? '|').split('|');
    const body = {
      name: v.name,
      taxCode: v.taxCode,
      spec: v.spec || null,
      unit: v.unit || null,
      unitPrice: v.unitPrice?.trim() || null,
      pricingMode: v.pricingMode,
      rate: rate as TaxRate,
      policy: (policy || null) as PreferentialPolicy | null,
      ownCode: v.ownCode || null,
      status: v.enabled ? 1 : (0 as 0 | 1),
    };
    setBusy(true);
    try {
      if (mode === 'edit' && row) await call(updateCommodity, { params: { id: row.id }, body });
      else await call(createCommodity, { body });
      // The confirmation only teaches suggestions; a failure there must not undo the saved commodity.
      if (mode === 'addAi' && canTeach)
        await call(confirmAiCoding, { body: { name: v.name, code: v.taxCode }, silent: true }).catch(
          () => undefined,
        );
      toast.success(t('goodsCode.saved'));
      await refreshGoods(qc);
      onClose();
    } catch {
      // Shown by the shared client (the server names the field: tax code, rate, own code).
    } finally {
      setBusy(false);
    }
  };

  const rateOptions = (rates.data?.options ?? []).map((o) => ({
    value: optionKey(o.rate, o.policy),
    label: o.label,
  }));
  const saveCode = mode === 'edit' ? 'goodsCode:btn_editSave' : 'goodsCode:btn_addSave';
  return (
    <AppModal
      open={open}
      width={width}
      title={t(`goodsCode.title.${mode ?? 'add'}`)}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('goodsCode.cancel')}</Button>
          <Can code={saveCode}>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {t('goodsCode.save')}
            </Button>
          </Can>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="goods-code-form" onFinish={submit}>
        <Row gutter={16}>
          <Col span={mode === 'addAi' ? 12 : 24}>
            <Form.Item
              name="name"
              label={t('goodsCode.field.name')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('goodsCode.required', { field: t('goodsCode.field.name') }),
                },
              ]}
              extra={
                shortName && name ? t('goodsCode.printName', { name: `*${shortName}*${name}` }) : undefined
              }
            >
              <LimitedInput maxLength={90} />
            </Form.Item>
            <Form.Item
              label={t('goodsCode.field.taxCode')}
              required
              extra={
                rates.data
                  ? `${rates.data.name}（${t('goodsCode.field.shortName')}：${rates.data.shortName}）`
                  : undefined
              }
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="taxCode"
                  noStyle
                  rules={[
                    {
                      required: true,
                      message: t('goodsCode.required', { field: t('goodsCode.field.taxCode') }),
                    },
                  ]}
                >
                  <Input readOnly placeholder={t('goodsCode.pickCodeHint')} />
                </Form.Item>
                <Button onClick={() => setTreeOpen(true)}>{t('goodsCode.pickCode')}</Button>
              </Space.Compact>
            </Form.Item>
            <PriceAndRateFields rateOptions={rateOptions} loading={rates.isFetching} />
          </Col>
          {mode === 'addAi' && (
            <Col span={12}>
              <Typography.Title level={5}>{t('goodsCode.ai.title')}</Typography.Title>
              <AiSuggestions name={name} chosen={taxCode} onChoose={(s) => pickCode(s.code, s.shortName)} />
            </Col>
          )}
        </Row>
      </Form>
      <TaxCodeTreeDialog
        open={treeOpen}
        width={Math.min(width, 720)}
        onPick={(n) => pickCode(n.code, n.shortName)}
        onClose={() => setTreeOpen(false)}
      />
    </AppModal>
  );
}
