/**
 * Regenerates web/src/api/schema.d.ts from the OpenAPI document the service serves at
 * /api/openapi.json (built here from the same zod schemas, so no running service is needed).
 * Run with `npm run web:api-types` after changing src/schemas; test/openapi.test.ts fails while the
 * committed file differs from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, apiTypesSource } from './api-types.js';

fs.writeFileSync(API_TYPES_FILE, await apiTypesSource());
console.log(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
