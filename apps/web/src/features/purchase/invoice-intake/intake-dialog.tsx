import {
  INTAKE_MAX_FILES,
  INTAKE_MAX_UPLOAD_MB,
  type IntakeItem,
  type IntakeReport,
  type ManualCheckReply,
} from '@fpy/contracts';
import { parseYuan } from '@fpy/domain';
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Radio,
  Table,
  Tabs,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fen } from '../../../entities/invoice/money.ts';
import { DATE_FORMAT } from '../../../lib/format.ts';
import { checkManual, enterManual, type ManualBody, uploadFiles } from './intake-api.ts';

const RESULT_COLOUR: Record<IntakeItem['result'], string> = {
  created: 'green',
  duplicate: 'blue',
  refused: 'red',
};

/**
 * 收录进项发票 (issue 31 §2): upload files (one, many, or a ZIP) with a row per file, or enter an invoice by hand
 * with 查验 as the user types. `onCollected` lets the page refresh its list.
 */
export function IntakeDialog({
  open,
  files = true,
  manual = true,
  onClose,
  onCollected,
}: {
  open: boolean;
  /** The tabs the user may use (the upload and manual-entry codes). */
  files?: boolean;
  manual?: boolean;
  onClose: () => void;
  onCollected?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={900}
      title={t('purchaseIntake.title')}
      destroyOnHidden
    >
      <Tabs
        items={[
          ...(files
            ? [
                {
                  key: 'files',
                  label: t('purchaseIntake.files'),
                  children: <FilesTab onCollected={onCollected} />,
                },
              ]
            : []),
          ...(manual
            ? [
                {
                  key: 'manual',
                  label: t('purchaseIntake.manual'),
                  children: <ManualTab onCollected={onCollected} />,
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}

function FilesTab({ onCollected }: { onCollected?: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(0);
  const [items, setItems] = useState<IntakeItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = (r: IntakeReport) => {
    setItems((prev) => [...r.items, ...prev]);
    if (r.created > 0) onCollected?.();
  };
  const sum = (k: IntakeItem['result']) => items.filter((i) => i.result === k).length;
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('purchaseIntake.filesHint', { max: INTAKE_MAX_FILES, mb: INTAKE_MAX_UPLOAD_MB })}
      </Typography.Paragraph>
      <Upload.Dragger
        multiple
        showUploadList={false}
        accept=".xml,.pdf,.ofd,.zip,.png,.jpg,.jpeg,.webp"
        customRequest={async ({ file }) => {
          setBusy((n) => n + 1);
          setError(null);
          try {
            add(await uploadFiles(file as File));
          } catch (err) {
            setError(err instanceof Error ? err.message : String(err));
          } finally {
            setBusy((n) => n - 1);
          }
        }}
      >
        <p data-testid="intake-drop">{busy ? t('purchaseIntake.uploading') : t('purchaseIntake.choose')}</p>
      </Upload.Dragger>
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} />}
      {items.length > 0 && (
        <>
          <Typography.Paragraph style={{ marginTop: 12 }}>
            {t('purchaseIntake.summary', {
              created: sum('created'),
              duplicates: sum('duplicate'),
              refused: sum('refused'),
            })}
          </Typography.Paragraph>
          <Table<IntakeItem>
            size="small"
            rowKey={(r, i) => `${r.file}-${i}`}
            dataSource={items}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('purchaseIntake.file'), dataIndex: 'file', ellipsis: true },
              {
                title: t('purchaseIntake.result'),
                dataIndex: 'result',
                width: 100,
                render: (r: IntakeItem['result']) => (
                  <Tag color={RESULT_COLOUR[r]}>{t(`purchaseIntake.${r}`)}</Tag>
                ),
              },
              { title: t('purchaseIntake.number'), dataIndex: 'number', width: 190 },
              { title: t('purchaseIntake.seller'), dataIndex: 'sellerName', ellipsis: true },
              {
                title: t('purchaseIntake.total'),
                dataIndex: 'totalFen',
                width: 110,
                align: 'right',
                render: (v: number | null) => (v === null ? '' : fen(v)),
              },
              { title: t('purchaseIntake.reason'), dataIndex: 'message', ellipsis: { showTitle: true } },
            ]}
          />
        </>
      )}
    </>
  );
}

interface Values {
  family: 'digital' | 'legacy';
  code?: string;
  number?: string;
  issueDate?: Dayjs;
  amount?: string;
  checkCodeLast6?: string;
}

const fenOf = (s?: string) => {
  const v = s?.trim() ? parseYuan(s.trim()) : null;
  return v === null ? undefined : Number(v);
};

/** The body when the form holds enough to ask the bureau; null while it does not. */
function bodyOf(v: Values): ManualBody | null {
  const number = v.number?.trim() ?? '';
  if (!v.issueDate) return null;
  const issueDate = v.issueDate.format(DATE_FORMAT);
  if (v.family === 'digital') {
    const totalFen = fenOf(v.amount);
    return /^\d{20}$/.test(number) && totalFen !== undefined ? { number, issueDate, totalFen } : null;
  }
  const code = v.code?.trim() ?? '';
  const amountFen = fenOf(v.amount);
  const checkCodeLast6 = v.checkCodeLast6?.trim() || undefined;
  if (!/^\d{10}$|^\d{12}$/.test(code) || !/^\d{8}$/.test(number)) return null;
  if (amountFen === undefined && !checkCodeLast6) return null;
  return { code, number, issueDate, amountFen, checkCodeLast6 };
}

function ManualTab({ onCollected }: { onCollected?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Values | undefined;
  const family = values?.family ?? 'digital';
  const [reply, setReply] = useState<ManualCheckReply | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ type: 'success' | 'info' | 'error'; text: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const body = values ? bodyOf(values) : null;
  const key = body ? JSON.stringify(body) : '';

  // 查验 as the user types: once the form holds every element, a short pause later.
  useEffect(() => {
    setReply(null);
    if (!key) return;
    const timer = setTimeout(async () => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      setChecking(true);
      try {
        setReply(await checkManual(JSON.parse(key) as ManualBody, ctl.signal));
      } catch (err) {
        if (!ctl.signal.aborted)
          setNotice({ type: 'error', text: err instanceof Error ? err.message : String(err) });
      } finally {
        if (!ctl.signal.aborted) setChecking(false);
      }
    }, 500);
    return () => clearTimeout(timer);
  }, [key]);

  const save = async () => {
    if (!body) return;
    setSaving(true);
    setNotice(null);
    try {
      const item = await enterManual(body);
      setNotice({
        type: item.result === 'created' ? 'success' : 'info',
        text: t(item.result === 'created' ? 'purchaseIntake.saved' : 'purchaseIntake.savedDuplicate', {
          number: item.number,
        }),
      });
      if (item.result === 'created') onCollected?.();
    } catch (err) {
      setNotice({ type: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setSaving(false);
    }
  };

  const amountRule = {
    validator: (_: unknown, v?: string) =>
      !v?.trim() || fenOf(v) !== undefined
        ? Promise.resolve()
        : Promise.reject(new Error(t('purchaseIntake.badAmount'))),
  };
  const mismatch = new Set(reply?.result === 'mismatch' ? reply.fields : []);
  const status = (f: string) => (mismatch.has(f) ? ('error' as const) : undefined);

  return (
    <Form form={form} layout="vertical" initialValues={{ family: 'digital' }} style={{ maxWidth: 520 }}>
      <Form.Item name="family" label={t('purchaseIntake.family')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'digital', label: t('purchaseIntake.digital') },
            { value: 'legacy', label: t('purchaseIntake.legacy') },
          ]}
        />
      </Form.Item>
      {family === 'legacy' && (
        <Form.Item name="code" label={t('purchaseIntake.code')}>
          <Input maxLength={12} inputMode="numeric" data-testid="intake-code" />
        </Form.Item>
      )}
      <Form.Item name="number" label={t('purchaseIntake.number')}>
        <Input maxLength={20} inputMode="numeric" data-testid="intake-number" />
      </Form.Item>
      <Form.Item name="issueDate" label={t('purchaseIntake.issueDate')} validateStatus={status('issueDate')}>
        <DatePicker style={{ width: '100%' }} data-testid="intake-date" />
      </Form.Item>
      <Form.Item
        name="amount"
        label={family === 'digital' ? t('purchaseIntake.amountTotal') : t('purchaseIntake.amountExclusive')}
        rules={[amountRule]}
        validateStatus={status(family === 'digital' ? 'totalFen' : 'amountFen')}
      >
        <Input inputMode="decimal" data-testid="intake-amount" />
      </Form.Item>
      {family === 'legacy' && (
        <Form.Item
          name="checkCodeLast6"
          label={t('purchaseIntake.checkCode')}
          validateStatus={status('checkCode')}
        >
          <Input maxLength={6} inputMode="numeric" />
        </Form.Item>
      )}
      {checking && <Alert type="info" message={t('purchaseIntake.checking')} />}
      {!checking && reply?.result === 'match' && reply.invoice && (
        <Alert
          type="success"
          showIcon
          data-testid="intake-matched"
          message={t('purchaseIntake.matched', {
            seller: reply.invoice.sellerName,
            total: fen(reply.invoice.totalFen),
          })}
        />
      )}
      {!checking && reply && reply.result !== 'match' && (
        <Alert type="error" showIcon message={reply.message} />
      )}
      {notice && <Alert style={{ marginTop: 12 }} type={notice.type} showIcon message={notice.text} />}
      <Button
        style={{ marginTop: 16 }}
        type="primary"
        data-testid="intake-save"
        disabled={reply?.result !== 'match'}
        loading={saving}
        onClick={() => void save()}
      >
        {t('purchaseIntake.save')}
      </Button>
    </Form>
  );
}
