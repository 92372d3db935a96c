import { type BuyerTitle, type InvoiceType, invoiceTypeRules, normalizeBuyerTitle } from '@fpy/domain';
import { type FormEvent, useState } from 'react';
import { PageLink } from '../../../kit/layout.tsx';
import type { ApplyPageProps } from '../../routes.ts';
import { applyHref, goApply } from '../../variant.ts';
import type { TitleForm } from '../api.ts';
import { useTitleTexts } from '../i18n.ts';
import { rememberTitle, startingTitle } from '../memory.ts';
import { TitlePicker, titleErrors } from '../title-picker.tsx';
import { backOf, TitlePage } from '../title-page.tsx';

const UPLOAD_PATHS = ['/titleUpload', '/titleUploadBwt', '/wxInvoiceUpload', '/allEleInvoiceTitleUpload'];
const ALL_ELE_PATHS = ['/allEleHeadWx', '/allEleInvoiceTitleUpload'];

/**
 * /titleDetail, /allEleHeadWx (全电) and the upload pages /titleUpload(Bwt), /wxInvoiceUpload,
 * /allEleInvoiceTitleUpload: the buyer fills, picks or reads (QR picture) a title for this seller, checked against
 * the seller's form; saving keeps it on this phone and returns to the page named in `?back=` (the order's or the
 * board's form), where the picker offers it first.
 */
export default function DetailPage(props: ApplyPageProps) {
  const upload = UPLOAD_PATHS.includes(props.path);
  const allEle = ALL_ELE_PATHS.includes(props.path);
  return (
    <TitlePage props={props} title={upload ? 'title.upload' : allEle ? 'title.allEleHead' : 'title.detail'}>
      {(form) => <DetailForm props={props} form={form} upload={upload} allEle={allEle} />}
    </TitlePage>
  );
}

function DetailForm({
  props,
  form,
  upload,
  allEle,
}: {
  props: ApplyPageProps;
  form: TitleForm;
  upload: boolean;
  allEle: boolean;
}) {
  const { t } = useTitleTexts();
  const { rules } = form;
  const types = rules.invoiceTypes.filter((ty) => !allEle || invoiceTypeRules(ty).family === 'digital');
  const offered = types.length ? types : rules.invoiceTypes;
  const [type, setType] = useState<InvoiceType>(
    offered.includes(rules.defaultInvoiceType) ? rules.defaultInvoiceType : offered[0],
  );
  const [title, setTitle] = useState<BuyerTitle>(() =>
    form.helps.remember ? startingTitle() : { kind: 'company', name: '' },
  );
  const [showErrors, setShowErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  const back = backOf(props.query);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (titleErrors(title, type, rules).length) return;
    const clean = normalizeBuyerTitle(title);
    rememberTitle(clean);
    if (back) goApply(back, props.variant, props.code);
    else setSaved(true);
  };

  return (
    <form className="b-card b-form" onSubmit={submit} noValidate data-testid="title-form">
      {form.welcome && <p className="b-note">{form.welcome}</p>}
      {upload && <p className="b-small">{t('upload.hint')}</p>}
      {offered.length > 1 && (
        <fieldset className="b-choice">
          <legend>{t('form.type')}</legend>
          {offered.map((ty) => (
            <label key={ty} className={type === ty ? 'b-chosen' : undefined}>
              <input type="radio" name="type" value={ty} checked={type === ty} onChange={() => setType(ty)} />
              {invoiceTypeRules(ty).label}
            </label>
          ))}
        </fieldset>
      )}
      <TitlePicker
        code={props.code}
        rules={rules}
        type={type}
        value={title}
        onChange={(v) => {
          setTitle(v);
          setSaved(false);
        }}
        helps={form.helps}
        showErrors={showErrors}
        uploadFirst={upload}
      />
      {showErrors && titleErrors(title, type, rules).length > 0 && (
        <p className="b-error" role="alert">
          {t('form.fixErrors')}
        </p>
      )}
      {saved && (
        <p className="b-note" role="status" data-testid="title-saved">
          {t('form.saved')}
        </p>
      )}
      <button type="submit" className="b-btn b-primary b-wide">
        {back ? t('form.saveAndBack') : t('form.save')}
      </button>
      {back && (
        <PageLink
          href={applyHref(back, props.variant, props.code)}
          onGo={() => goApply(back, props.variant, props.code)}
          className="b-btn b-wide"
        >
          {t('form.back')}
        </PageLink>
      )}
      {form.notice && <p className="b-small t-notice">{form.notice}</p>}
    </form>
  );
}
