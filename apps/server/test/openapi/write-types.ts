// npm run openapi:types — regenerates generated-paths.ts from the document a fresh server serves.
import { writeFileSync } from 'node:fs';
import { createTestApp } from '../harness.ts';
import { GENERATED_TYPES, generatedTypes } from './document.ts';

const t = await createTestApp();
const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
writeFileSync(GENERATED_TYPES, await generatedTypes(doc));
await t.drop();
console.log(`wrote ${GENERATED_TYPES.pathname}`);
process.exit(0);
