// npm run openapi:types — regenerates generated-paths.ts from the document a fresh server serves. Builds the app
// itself (not through the test harness, which reads vitest's shared template database).
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { GENERATED_OPEN_TYPES, GENERATED_TYPES, generatedTypes, OPEN_HEADER } from './document.ts';

const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const built = await buildApp(config, { logger: false });
const doc = (await built.app.inject({ url: '/api/docs/openapi.json' })).json();
writeFileSync(GENERATED_TYPES, await generatedTypes(doc));
const openDoc = (await built.app.inject({ url: '/openapi/v1/openapi.json' })).json();
writeFileSync(GENERATED_OPEN_TYPES, await generatedTypes(openDoc, OPEN_HEADER));
await built.close();
console.log(`wrote ${GENERATED_TYPES.pathname} and ${GENERATED_OPEN_TYPES.pathname}`);
process.exit(0);
