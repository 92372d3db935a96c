import { type DictOption, getDictOptions, type Options } from '@fpy/resources';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/http.ts';
import { dictKeys } from './query-keys.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export function useDictItems(typeCode: string | undefined) {
  return useQuery({
    queryKey: dictKeys.type(typeCode ?? ''),
    queryFn: () => call(getDictOptions, { params: { typeCode: typeCode! } }) as Promise<DictOption[]>,
    enabled: !!typeCode,
    staleTime: 5 * 60_000,
    // Options only feed a select: a refusal (shown by the shared client) leaves it empty instead of replacing
    // the whole page with the refusal screen (app/query-client.ts throws for queries without data).
    throwOnError: false,
  });
}

/**
 * Select options of a field in the current language: static options through their i18n keys
 * (resource.<name>.options.<field>.<value>), dictionary options from the server's two labels.
 */
export function useFieldOptions(
  resource: string,
  field: string,
  options: Options | undefined,
): SelectOption[] | undefined {
  const { t, i18n } = useTranslation();
  const dict = options && !Array.isArray(options) ? (options as { dict: string }).dict : undefined;
  const { data } = useDictItems(dict);
  if (!options) return undefined;
  const en = i18n.language?.startsWith('en');
  if (dict) return (data ?? []).map((o) => ({ value: o.value, label: en ? o.labelEn : o.labelZh }));
  return (options as { value: string; zh: string; en: string }[]).map((o) => ({
    value: o.value,
    label: t(`resource.${resource}.options.${field}.${o.value}`, { defaultValue: en ? o.en : o.zh }),
  }));
}
