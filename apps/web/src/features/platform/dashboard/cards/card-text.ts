import type { DashboardLink, DashboardUnit } from '@fpy/contracts';
import { formatYuan } from '@fpy/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { thousands } from '../../../../lib/format.ts';

/** 2260050 → "22,600.50": money on screen always from integer fen through @fpy/domain, never via floats. */
export function fenText(value: number): string {
  const [int, frac] = formatYuan(value).split('.');
  return `${thousands(int)}.${frac}`;
}

export const valueText = (unit: DashboardUnit, value: number) =>
  unit === 'fen' ? fenText(value) : thousands(value);

/** A card's labels live under dashboard.card.<cardId> (the id the server registered). */
export function useCardText(cardId: string) {
  const { t } = useTranslation();
  return useCallback(
    (key: string, opts?: Record<string, unknown>) => t(`dashboard.card.${cardId}.${key}`, opts ?? {}),
    [t, cardId],
  );
}

/** Router target of a card link: the page with its filter in the query string. */
export function linkTo(link: DashboardLink): string {
  const qs = link.query ? new URLSearchParams(link.query).toString() : '';
  return qs ? `${link.path}?${qs}` : link.path;
}
