import { type LocalText, SECRET_MASK } from '@fpy/contracts';
import { mergeMaskedSecrets, type SecretDestinations } from '@fpy/domain';
import { badRequest } from '../../lib/errors.ts';

type Config = Record<string, unknown>;
export type MaskedConfig = Record<string, string | number | boolean | null>;

/** How a form names a settings field in its messages: `config.host` on the provider pages, `host` elsewhere. */
export type FieldPath = (key: string) => string;
export const configFieldPath: FieldPath = (key) => `config.${key}`;

/**
 * Settings as answered: every secret replaced by SECRET_MASK (or '' when none is stored), `hidden` keys (tokens
 * only the server uses) left out, anything but a plain value dropped. A secret never leaves the server.
 */
export function maskSecrets(config: Config, secrets: readonly string[], hidden: readonly string[] = []) {
  const out: MaskedConfig = {};
  for (const [k, v] of Object.entries(config)) {
    if (hidden.includes(k)) continue;
    if (secrets.includes(k)) out[k] = v ? SECRET_MASK : '';
    else if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v as string;
  }
  return out;
}

/**
 * The settings to store from a form: a secret sent back as SECRET_MASK or blank keeps the stored one only while
 * its destination is unchanged (@fpy/domain mergeMaskedSecrets: a kept password never follows a changed host),
 * else 400 SECRET_DESTINATION_CHANGED naming the secret; a secret still missing then is 400
 * PROVIDER_SECRET_REQUIRED unless `optional(key, config)` says the settings do without it.
 */
export function keepMaskedSecrets(
  incoming: Config,
  previous: Config | null,
  destinations: SecretDestinations,
  {
    fieldPath,
    label,
    optional,
  }: {
    fieldPath: FieldPath;
    label: (key: string) => LocalText;
    optional?: (key: string, config: Config) => boolean;
  },
): Config {
  const merged = mergeMaskedSecrets(incoming, previous, destinations);
  if (merged.destinationChanged) {
    const key = merged.destinationChanged.secret;
    throw badRequest(
      'SECRET_DESTINATION_CHANGED',
      { field: label(key), key: fieldPath(key) },
      { field: fieldPath(key), changed: merged.destinationChanged.fields.map(fieldPath) },
    );
  }
  const config: Config = merged.config;
  for (const key of merged.missing)
    if (!optional?.(key, config))
      throw badRequest('PROVIDER_SECRET_REQUIRED', { field: label(key), key: fieldPath(key) });
  return config;
}
