import {
  type DocGroupReply,
  type DocOperation,
  OPEN_API_PREFIX,
  OPEN_BODY_LIMIT,
  OPEN_DOCS_VIEWER_PATH,
  OPEN_GROUP_TEXTS,
  OPEN_HEADERS,
  OPEN_SIGNATURE_MAX_SKEW_SECONDS,
  type OpenContract,
  type OpenGroup,
  openContracts,
  openPathOf,
  permissionCodes,
} from '@fpy/contracts';
import { z } from 'zod';

type Json = Record<string, unknown>;

/** A part's JSON Schema (request parts as the caller sends them, the reply as answered); null when absent. */
function schemaOf(s: z.ZodType | undefined, io: 'input' | 'output'): Json | null {
  if (!s) return null;
  try {
    const js = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Json;
    delete js.$schema;
    return js;
  } catch {
    return {};
  }
}

/** Who may try an operation: the caller must hold the console route's own code (the docs code is not enough). */
export function mayCall(c: OpenContract, actor: { platform: boolean; codes: ReadonlySet<string> }): boolean {
  const codes = permissionCodes(c.permission);
  return actor.platform || codes.length === 0 || codes.some((code) => actor.codes.has(code));
}

const cache = new Map<OpenGroup, DocOperation[]>();

/** The open operations of a group, derived from the contracts' `open` declarations (built once per group). */
function operationsOf(group: OpenGroup): DocOperation[] {
  let ops = cache.get(group);
  if (!ops) {
    ops = openContracts()
      .filter((c) => c.open.group === group)
      .map((c) => ({
        operation: c.open.operation,
        method: c.method,
        path: openPathOf(c),
        consolePath: c.path,
        summary: c.open.summary,
        isv: c.open.isv,
        idempotencyKey: c.open.idempotencyKey ?? null,
        permission: [...permissionCodes(c.permission)],
        allowed: false,
        params: schemaOf(c.params, 'input'),
        query: schemaOf(c.query, 'input'),
        body: c.consumes === 'multipart' ? null : schemaOf(c.body, 'input'),
        reply: c.produces === 'file' ? null : schemaOf(c.reply, 'output'),
      }));
    cache.set(group, ops);
  }
  return ops;
}

export function docGroup(
  group: OpenGroup,
  actor: { platform: boolean; codes: ReadonlySet<string> },
): DocGroupReply {
  const t = OPEN_GROUP_TEXTS[group];
  const byOp = new Map(openContracts().map((c) => [c.open.operation, c]));
  return {
    group,
    name: { zh: t.zh, en: t.en },
    description: { zh: t.descZh, en: t.descEn },
    prefix: OPEN_API_PREFIX,
    headers: { ...OPEN_HEADERS },
    maxSkewSeconds: OPEN_SIGNATURE_MAX_SKEW_SECONDS,
    bodyLimit: OPEN_BODY_LIMIT,
    viewer: OPEN_DOCS_VIEWER_PATH,
    document: `${OPEN_API_PREFIX}/openapi.json`,
    operations: operationsOf(group).map((op) => {
      const c = byOp.get(op.operation);
      return { ...op, allowed: !!c && mayCall(c, actor) };
    }),
  };
}
