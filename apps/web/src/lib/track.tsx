import {
  cloneElement,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import { useNavigate } from 'react-router';
import { CLICK_EVENT, track } from './tracking.ts';

export interface TrackProps {
  /** Spec §3 EVENT_TYPE: 1 fires on click, anything else fires once on mount. */
  eventType: number;
  /** The event name recorded with the call. */
  value: string;
  /** Where to go once the call has finished, successfully or not (spec §4). */
  redirect?: string;
  pageName?: string;
  children?: ReactNode;
}

/** Returns a function that records the event and then follows the redirect, if any. */
export function useTrack(): (
  eventType: number,
  value: string,
  redirect?: string,
  pageName?: string,
) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (eventType, value, redirect, pageName) => {
      await track({ eventType, event: value, pageName });
      if (!redirect) return;
      if (/^https?:\/\//i.test(redirect)) window.location.assign(redirect);
      else navigate(redirect);
    },
    [navigate],
  );
}

/** The spec's tracking directive as a wrapper: `<Track eventType={1} value="openInvoice" redirect="/x">…</Track>`. */
export function Track({ eventType, value, redirect, pageName, children }: TrackProps) {
  const run = useTrack();
  const fired = useRef(false);

  useEffect(() => {
    // Guarded so React's development double-mount does not record the event twice.
    if (eventType === CLICK_EVENT || fired.current) return;
    fired.current = true;
    void run(eventType, value, redirect, pageName);
  }, [eventType, value, redirect, pageName, run]);

  if (eventType !== CLICK_EVENT || !isValidElement(children)) return <>{children}</>;
  const child = children as ReactElement<{ onClick?: (e: MouseEvent) => void }>;
  return cloneElement(child, {
    onClick: (e: MouseEvent) => {
      child.props.onClick?.(e);
      if (redirect) e.preventDefault();
      void run(eventType, value, redirect, pageName);
    },
  });
}
