import type { FrontInfo, MenuNode } from '@fpy/contracts';
import { createContext, useContext } from 'react';
import { matchPath } from 'react-router';
import type { ConsolePage } from './console-page.ts';

export interface ConsoleContextValue {
  profile: FrontInfo;
  /** Pages this user may open. */
  pages: ConsolePage[];
  /** The sidebar tree after the invoice-method and hidden-entry rules. */
  menus: MenuNode[];
  /** Re-mounts the current page (tags view 刷新). */
  refreshPage: () => void;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside the console layout');
  return value;
}

export function findPage(pages: ConsolePage[], pathname: string): ConsolePage | undefined {
  return pages.find((p) => matchPath({ path: p.path, end: true }, pathname));
}
