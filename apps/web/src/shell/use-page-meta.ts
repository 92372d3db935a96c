import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { applyPageMeta } from '../lib/brand.ts';
import { useLanguage } from '../lib/i18n.ts';
import { formatTrackTime, PAGE_VIEW_EVENT, setTrackingSerialNumber, track } from '../lib/tracking.ts';
import { findPage, useConsole } from './console-context.tsx';
import { pageTitle } from './console-page.ts';

/**
 * On every console navigation: set title/description/keywords (spec §1) and record a page view for the page
 * just left, with how long it was shown (spec §3 tracking event view_dur).
 */
export function usePageMeta(): void {
  const { pages, profile } = useConsole();
  const { pathname } = useLocation();
  const lang = useLanguage();
  const shown = useRef<{ path: string; title: string; since: number } | null>(null);

  useEffect(() => setTrackingSerialNumber(profile.serialNumber), [profile.serialNumber]);

  useEffect(() => {
    const page = findPage(pages, pathname);
    const title = page ? pageTitle(page, lang) : '';
    applyPageMeta(title || undefined);

    const previous = shown.current;
    const now = Date.now();
    if (previous && previous.path !== pathname) {
      void track({
        eventType: PAGE_VIEW_EVENT,
        event: 'pageView',
        pageName: previous.title,
        urlPath: previous.path,
        viewDur: Math.round((now - previous.since) / 1000),
        startTime: formatTrackTime(previous.since),
        endTime: formatTrackTime(now),
      });
    }
    if (!previous || previous.path !== pathname) shown.current = { path: pathname, title, since: now };
  }, [pages, pathname, lang]);
}
