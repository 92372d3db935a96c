import type { CodingSuggestion } from '@fpy/contracts';
import { codeRates, type PreferentialPolicy, type TaxRate } from '@fpy/domain';
import { RobotOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiSuggestions } from './ai-suggestions.tsx';

export interface PickedTaxCode {
  taxCode: string;
  /** The typed name under the code's 简称: `*简称*name`. */
  name: string;
  rate: TaxRate;
  policy: PreferentialPolicy | null;
}

/**
 * 智能赋码 for a typed goods name: the top-3 codes of the tax-code catalogue; choosing one fills the code, *简称*
 * and the rate the code allows first, with its policy (issue 28 §7: a 6… code gets 0% 不征税, never a bare 0%).
 * Used by the invoice form's lines and the scan-order form's lines.
 */
export function TaxCodePickButton({
  name,
  onChoose,
  disabled,
  testId,
}: {
  name: string;
  onChoose: (s: PickedTaxCode) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bare = name.replace(/^\*[^*]*\*/, '').trim();
  const choose = (s: CodingSuggestion) => {
    const first = s.rate
      ? { rate: s.rate, policy: s.policy ?? null }
      : codeRates(s.code, s.vatRates).choices[0];
    onChoose({ taxCode: s.code, name: `*${s.shortName}*${bare}`, rate: first.rate, policy: first.policy });
    setOpen(false);
  };
  return (
    <Popover
      open={open && !!bare}
      onOpenChange={setOpen}
      trigger="click"
      title={t('aiCoding.pickTitle')}
      content={
        <div style={{ width: 380 }}>
          {open && bare ? <AiSuggestions name={bare} onChoose={choose} /> : null}
        </div>
      }
    >
      <Button
        size="small"
        type="text"
        icon={<RobotOutlined />}
        disabled={disabled || !bare}
        title={t('aiCoding.pick')}
        aria-label={t('aiCoding.pick')}
        data-testid={testId}
      />
    </Popover>
  );
}
