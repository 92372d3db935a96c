import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

/**
 * The console's view of `@fpy/contracts` (issue 13 regression: the shell carried every zod schema).
 *
 * A route is still declared once, with `defineRoute` and its zod schemas (packages/contracts): the server
 * enforces them, the OpenAPI document and the console's types derive from them. But the console only sends
 * requests — it needs a route's method, path and permission, not its schemas, and zod with every contract
 * schema was about 60 KB gzip on the home page. So at build time (and in `vite` dev) this plugin loads the
 * contracts once in Node and serves the console:
 * - `@fpy/contracts/routes`: every route as a light object `{ method, path, permission, consumes?, produces? }`,
 *   each a pure call, so a chunk keeps only the routes it uses. Reading `query`/`body`/`params`/`reply` of one
 *   throws with the route's name: a page that validates imports the schema itself.
 * - `@fpy/contracts`: those routes, and everything else the contracts export (constants, the schemas a form
 *   validates with, helpers) from its own file. The package declares no side effects, so a file none of whose
 *   exports a chunk uses — with its zod schemas — is left out, and zod only comes with a page that uses it.
 * Types are unchanged: TypeScript reads the contracts themselves.
 */

const CONTRACTS = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));
const INDEX = `${CONTRACTS}index.ts`;
const ROUTES_ID = '\0fpy-contracts-routes';
const WEB_ID = '\0fpy-contracts-web';

interface Routes {
  names: string[];
  code: string;
}

type RouteLike = {
  method: string;
  path: string;
  permission: unknown;
  consumes?: string;
  produces?: string;
};

const isRoute = (v: unknown): v is RouteLike =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as RouteLike).method === 'string' &&
  typeof (v as RouteLike).path === 'string' &&
  'permission' in v;

async function loadRoutes(): Promise<Routes> {
  const { module } = await runnerImport<Record<string, unknown>>(INDEX, {
    configFile: false,
    logLevel: 'warn',
  });
  const names: string[] = [];
  const lines: string[] = [];
  for (const [name, value] of Object.entries(module)) {
    if (!isRoute(value)) continue;
    names.push(name);
    const more = {
      ...(value.consumes ? { consumes: value.consumes } : {}),
      ...(value.produces ? { produces: value.produces } : {}),
    };
    const args = [value.method, value.path, value.permission, ...(Object.keys(more).length ? [more] : [])];
    lines.push(`export const ${name} = /* @__PURE__ */ r(${args.map((a) => JSON.stringify(a)).join(', ')});`);
  }
  const code = `const P = {};
for (const k of ['query', 'body', 'params', 'reply'])
  Object.defineProperty(P, k, {
    get() {
      throw new Error(\`\${this.method} \${this.path}: the console carries no \${k} schema of a route; import the schema from @fpy/contracts\`);
    },
  });
/* @__NO_SIDE_EFFECTS__ */
function r(method, path, permission, more) {
  return Object.freeze(Object.assign(Object.create(P), { method, path, permission }, more));
}
${lines.join('\n')}
`;
  return { names, code };
}

export function contractsForWeb(): Plugin {
  let routes: Promise<Routes> | null = null;
  const get = () => {
    routes ??= loadRoutes();
    return routes;
  };
  return {
    name: 'fpy-contracts-for-web',
    enforce: 'pre',
    resolveId(id) {
      if (id === '@fpy/contracts') return WEB_ID;
      if (id === '@fpy/contracts/routes' || id === ROUTES_ID) return ROUTES_ID;
      return null;
    },
    async load(id) {
      if (id === ROUTES_ID) return (await get()).code;
      if (id !== WEB_ID) return null;
      // The routes by name shadow the same names of the star export (ES modules: an explicit export wins).
      const { names } = await get();
      return `export * from ${JSON.stringify(INDEX)};\nexport { ${names.join(', ')} } from ${JSON.stringify(ROUTES_ID)};\n`;
    },
    configureServer(server) {
      // vite dev: a changed contract rebuilds the routes and reloads the page.
      server.watcher.on('change', (file) => {
        if (!file.startsWith(CONTRACTS)) return;
        routes = null;
        for (const id of [ROUTES_ID, WEB_ID]) {
          const mod = server.moduleGraph.getModuleById(id);
          if (mod) server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}
