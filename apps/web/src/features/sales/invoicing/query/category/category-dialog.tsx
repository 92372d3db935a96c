import { setInvoiceCategory } from '@fpy/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../../lib/feedback.ts';
import { call } from '../../../../../lib/http.ts';
import { categoryLabel, categoryOptionsQuery } from './category-api.ts';

/**
 * 设置分类 of the selected invoices: one of the company's enabled categories, or 清除分类. The server checks the
 * category again (enabled, the company's own) and files all of them or none.
 */
export function CategoryDialog({
  ids,
  open,
  onClose,
}: {
  ids: number[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useQuery({ ...categoryOptionsQuery, enabled: open });
  const [form] = Form.useForm<{ categoryId: number }>();
  const [saving, setSaving] = useState<'set' | 'clear' | null>(null);
  const enabled = (data?.rows ?? []).filter((c) => c.enabled);

  const save = async (categoryId: number | null) => {
    setSaving(categoryId === null ? 'clear' : 'set');
    try {
      const r = await call(setInvoiceCategory, { body: { ids, categoryId } });
      toast.success(t(categoryId === null ? 'invoiceCategory.cleared' : 'invoiceCategory.saved', r));
      await qc.invalidateQueries({ queryKey: ['invoicing'] });
      onClose();
    } catch {
      // The shared error display already showed the server's reason.
    } finally {
      setSaving(null);
    }
  };

  return (
    <Modal
      open={open}
      title={t('invoiceCategory.title', { count: ids.length })}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('invoiceCategory.cancel')}
        </Button>,
        <Button key="clear" danger loading={saving === 'clear'} onClick={() => void save(null)}>
          {t('invoiceCategory.clear')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={!enabled.length}
          loading={saving === 'set'}
          onClick={() => void form.validateFields().then((v) => save(v.categoryId))}
        >
          {t('invoiceCategory.ok')}
        </Button>,
      ]}
    >
      {data && !enabled.length ? (
        <Empty description={t('invoiceCategory.noneDefined')} />
      ) : (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="categoryId"
            label={t('invoiceCategory.category')}
            rules={[{ required: true, message: t('invoiceCategory.required') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={enabled.map((c) => ({ value: c.id, label: categoryLabel(t, c) }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
