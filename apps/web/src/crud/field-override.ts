import type { FormInstance, FormRule } from 'antd';
import type { ComponentType } from 'react';

/** What a replacement control receives: the form item's value and onChange, and the form (to watch others). */
export interface FieldControlProps {
  /** The form item's id: give it to the focusable control so its label points at it. */
  id?: string;
  value?: unknown;
  checked?: boolean;
  onChange?: (v: unknown) => void;
  form: FormInstance;
  /** The row being edited; null while creating. */
  row: Record<string, unknown> | null;
}

/**
 * A page's override of one form field (the ladder's web rung, like `cells` for the table): a special widget
 * in place of the derived one, and rules besides the field's own schema — a function rule sees the other
 * fields (required unless the customer is a natural person). Label, layout and the schema check stay generic.
 */
export interface FieldOverride {
  input?: ComponentType<FieldControlProps>;
  rules?: FormRule[];
}
