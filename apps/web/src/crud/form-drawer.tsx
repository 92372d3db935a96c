import {
  fieldSchema,
  isRequired,
  type ResourceMeta,
  resourceContracts,
  writableFields,
} from '@fpy/resources';
import { SuperAdmin } from '@fpy/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, type FormRule, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/feedback.ts';
import { call } from '../lib/http.ts';
import { useLanguage } from '../lib/i18n.ts';
import { useProfile } from '../lib/permission.tsx';
import { FieldInput } from './field-input.tsx';
import type { FieldOverride } from './field-override.ts';
import { type ResourceRow, resourceKeys } from './query-keys.ts';

type Values = Record<string, unknown>;

export interface FormDrawerProps {
  meta: ResourceMeta;
  open: boolean;
  /** The row being edited; null creates. */
  row: ResourceRow | null;
  /** Values the page fixes (the dictionary type of new items): sent, not shown. */
  fixed?: Values;
  /** Fields with a special widget or extra rules. */
  overrides?: Record<string, FieldOverride>;
  /** Query key prefixes besides the resource's own that a save makes stale. */
  invalidates?: readonly (readonly unknown[])[];
  onClose: () => void;
  /** A create the page answers itself (a verb that shows a secret once): called instead of the generic create. */
  create?: CreateOverride;
}

/**
 * A resource whose create is its own verb (an app whose secret is shown once): the button's code, the call,
 * and what to do with its reply after the list is refreshed.
 */
export interface CreateOverride {
  code: string;
  submit: (body: Values) => Promise<unknown>;
  onCreated?: (reply: unknown) => void;
}

/** antd rule from the field's own zod schema, worded in the current language — the very check the server runs. */
function zodRule(meta: ResourceMeta, key: string, lang: 'zh' | 'en'): FormRule {
  return {
    validator: async (_, value) => {
      const r = fieldSchema(meta, key, lang)!.safeParse(value === null ? undefined : value);
      if (!r.success) throw new Error(r.error.issues[0].message);
    },
  };
}

export function FormDrawer({
  meta,
  open,
  row,
  fixed = {},
  overrides = {},
  invalidates = [],
  onClose,
  create,
}: FormDrawerProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const title = t(`resource.${meta.name}.title`);
  const c = resourceContracts(meta);
  // The platform administrator belongs to no company, so a tenant-owned row needs its company named.
  const askTenant = meta.tenantScoped && !row && profile?.isSuperAdmin === SuperAdmin.Platform;
  const fields = writableFields(meta).filter(([key]) => !(key in fixed));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue(row);
  }, [open, row, form]);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = { ...values, ...fixed };
      if (row) return call(c.update!, { params: { id: row.id }, body });
      return create ? create.submit(body) : call(c.create!, { body });
    },
    onSuccess: async (saved) => {
      if (!row) create?.onCreated?.(saved);
      toast.success(t('crud.saved'));
      // A resource with savedKey answers the write hook's warnings beside the row (a checksum to verify).
      if (meta.savedKey) for (const w of (saved as { warnings?: string[] }).warnings ?? []) toast.warning(w);
      onClose();
      await Promise.all(
        [resourceKeys(meta.name).all, ...invalidates].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    // Errors were already shown by the shared client (spec §8).
  });

  return (
    <Drawer
      open={open}
      title={t(row ? 'crud.editTitle' : 'crud.addTitle', { title })}
      size={520}
      onClose={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name={`${meta.name}-form`} onFinish={(v) => save.mutate(v)}>
        {askTenant && (
          <Form.Item
            name="tenantId"
            label={t('crud.tenantId')}
            rules={[{ required: true, message: t('crud.tenantRequired') }]}
          >
            {overrides.tenantId?.input ? (
              <overrides.tenantId.input form={form} row={row} />
            ) : (
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            )}
          </Form.Item>
        )}
        {fields.map(([key, def]) => {
          const o = overrides[key];
          return (
            <Form.Item
              key={key}
              name={key}
              label={t(`resource.${meta.name}.fields.${key}`)}
              required={isRequired(def.schema!)}
              rules={[zodRule(meta, key, lang), ...(o?.rules ?? [])]}
              valuePropName={def.type === 'boolean' && !def.options ? 'checked' : 'value'}
              initialValue={def.schema!.safeParse(undefined).data}
            >
              {o?.input ? (
                <o.input form={form} row={row} />
              ) : (
                <FieldInput meta={meta} field={key} def={def} />
              )}
            </Form.Item>
          );
        })}
      </Form>
    </Drawer>
  );
}
