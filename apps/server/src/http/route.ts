import type { BodyOf, ParamsOf, QueryOf, ReplyOf, RouteContract } from '@fpy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthedCtx, Ctx } from './context.ts';
import { parsePart } from './validate.ts';

export interface RouteInput<C> {
  query: QueryOf<C>;
  body: BodyOf<C>;
  params: ParamsOf<C>;
  req: FastifyRequest;
  reply: FastifyReply;
}

type CtxFor<C> = C extends { permission: 'public' } ? Ctx : AuthedCtx;

export type Handler<C extends RouteContract> = (
  ctx: CtxFor<C>,
  input: RouteInput<C>,
) => Promise<ReplyOf<C> | undefined> | ReplyOf<C> | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
    /** On the /openapi/v1 twin of a contract (issue 32): the gateway authenticates, not the console's token. */
    openContract?: RouteContract;
  }
}

/** Every registered contract, in order; the OpenAPI document and the permission walk read it. */
export const registeredContracts: RouteContract[] = [];

/** Fastify path syntax from the contract's OpenAPI-style `{id}`. */
export const toFastifyPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/** Runs a contract's handler for a request: parses query, params and body, then calls the handler with `ctx`. */
export type RouteInvoker = (ctx: Ctx, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The contracts with an `open` declaration registered on an app, with their invokers: the open-platform gateway
 * (modules/open-platform/gateway) registers each a second time under /openapi/v1 — the same handler, for an
 * actor built for the enterprise the signed call names (issue 32).
 */
const openRoutes = new WeakMap<FastifyInstance, { contract: RouteContract; invoke: RouteInvoker }[]>();

export function openRoutesOf(
  app: FastifyInstance,
): readonly { contract: RouteContract; invoke: RouteInvoker }[] {
  return openRoutes.get(app) ?? [];
}

/**
 * Registers a route from its contract. Authentication and the permission check happen before this handler
 * runs (plugins/access.ts reads routeOptions.config.contract); here only parsing and the handler remain.
 */
export function route<C extends RouteContract>(app: FastifyInstance, contract: C, handler: Handler<C>) {
  if (!registeredContracts.includes(contract)) registeredContracts.push(contract);
  const invoke: RouteInvoker = async (ctx, req, reply) => {
    const input = {
      query: contract.query ? parsePart(contract.query, req.query, 'query') : undefined,
      params: contract.params ? parsePart(contract.params, req.params, 'params') : undefined,
      body:
        contract.body && contract.consumes !== 'multipart'
          ? parsePart(contract.body, req.body, 'body')
          : undefined,
      req,
      reply,
    } as RouteInput<C>;
    return handler(ctx as CtxFor<C>, input);
  };
  if (contract.open) {
    const list = openRoutes.get(app) ?? [];
    list.push({ contract, invoke });
    openRoutes.set(app, list);
  }
  app.route({
    method: contract.method,
    url: toFastifyPath(contract.path),
    config: { contract },
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    handler: async (req, reply) => {
      const result = await invoke(req.ctx, req, reply);
      if (reply.sent) return reply;
      return result;
    },
  });
}
