// npm run openapi:types — regenerates generated-paths.ts from the document a fresh server serves. Builds the app
// itself (not through the test harness, which reads vitest's shared template database).
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { GENERATED_TYPES, generatedTypes } from './document.ts';

const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const built = await buildApp(config, { logger: false });
const doc = (await built.app.inject({ url: '/api/docs/openapi.json' })).json();
writeFileSync(GENERATED_TYPES, await generatedTypes(doc));
await built.close();
console.log(`wrote ${GENERATED_TYPES.pathname}`);
process.exit(0);
