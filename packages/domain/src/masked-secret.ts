/**
 * Masked secrets (issue 28 §2). A stored password or key never leaves the server: forms receive SECRET_MASK in
 * its place and send it back to mean "keep the stored one". That is only safe while the secret still goes where
 * it went: whoever may edit the form could otherwise point the host at a server of their own and receive the
 * real password on the next test. So a secret is kept only while every field of its destination (host, port,
 * user, endpoint, key id, region …) is unchanged; otherwise it must be typed again.
 */
export const SECRET_MASK = '******';

/** Whether a value sent for a secret asks to keep the stored one (blank or the mask). */
export const keepsStoredSecret = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || v === SECRET_MASK;

/** Each secret field with the fields of the destination it belongs to. */
export type SecretDestinations = Readonly<Record<string, readonly string[]>>;

/** Host names and endpoints compare without case or surrounding blanks; blank, null and absent are the same. */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    v === undefined || v === null ? '' : typeof v === 'string' ? v.trim().toLowerCase() : String(v);
  return norm(a) === norm(b);
}

export interface MergedSecrets<C> {
  /** The config to store: every kept secret filled in from the stored config. */
  config: C;
  /** The first secret asked to be kept although its destination changed (the save must be refused), or null. */
  destinationChanged: { secret: string; fields: string[] } | null;
  /** Secrets that are blank in the end (the caller decides whether each is required). */
  missing: string[];
}

/**
 * Fills in the secrets a form asked to keep, from `stored` (null: nothing stored, nothing to keep), and says
 * which secret's destination changed. `stored` is the config of the same kind of account; a different kind has
 * nothing to keep.
 */
export function mergeMaskedSecrets<C extends Record<string, unknown>>(
  incoming: C,
  stored: Readonly<Record<string, unknown>> | null,
  destinations: SecretDestinations,
): MergedSecrets<C> {
  const config: Record<string, unknown> = { ...incoming };
  let destinationChanged: MergedSecrets<C>['destinationChanged'] = null;
  const missing: string[] = [];
  for (const [secret, fields] of Object.entries(destinations)) {
    if (!keepsStoredSecret(incoming[secret])) continue;
    const kept = stored?.[secret];
    if (typeof kept !== 'string' || kept === '') {
      config[secret] = '';
      missing.push(secret);
      continue;
    }
    const changed = fields.filter((f) => !sameValue(incoming[f], stored?.[f]));
    if (changed.length) {
      destinationChanged ??= { secret, fields: changed };
      config[secret] = '';
      continue;
    }
    config[secret] = kept;
  }
  return { config: config as C, destinationChanged, missing };
}
