import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { SecretBox } from '../../../lib/secret-box.ts';
import { registerDocRoutes } from './routes.ts';
import { registerOpenDocsViewer } from './viewer.ts';

/**
 * The open platform's documentation (issue 32 §2): each product line's open APIs from the contracts' `open`
 * declarations, the try-it console (signs with one of the company's apps, calls the sandbox for real), the
 * limits and usage, the webhook payloads, the error catalogue, and the swagger-ui viewer of the open document.
 */
export function registerOpenDocsModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerDocRoutes(app, services, new SecretBox(services.config.OPEN_SECRET_KEY));
  registerOpenDocsViewer(app);
}
