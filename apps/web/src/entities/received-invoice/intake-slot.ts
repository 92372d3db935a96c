import type { ComponentType } from 'react';

/**
 * What another area adds to the received-invoice query page's toolbar (issue 31): the intake of files and
 * manual entry (features/purchase/invoice-intake). A feature may not import another, so the intake declares its
 * contribution in its own `contribution.tsx`, app/ registers it here and the query page renders the slot.
 */
export interface ReceivedIntakeContribution {
  /** Unique per area: a second registration under the same key is ignored (hot reload, tests). */
  key: string;
  /** Toolbar buttons (behind their own codes) with their dialogs; `onCollected` refreshes the page's list. */
  Toolbar: ComponentType<{ onCollected?: () => void }>;
}

const slot: ReceivedIntakeContribution[] = [];

export function contributeReceivedIntake(c: ReceivedIntakeContribution): void {
  if (!slot.some((s) => s.key === c.key)) slot.push(c);
}

/** The contributions in registration order (app/ registers them before any console page renders). */
export const receivedIntakeContributions = (): readonly ReceivedIntakeContribution[] => slot;
