/**
 * Regenerates web/src/api/schema.d.ts from the OpenAPI document the service serves at
 * /api/openapi.json (built here from the same zod schemas, so no running service is needed), and
 * web/src/api/fields.ts from the field declarations of src/resources.
 * Run with `npm run web:api-types` after changing src/schemas or src/resources;
 * test/openapi.test.ts fails while a committed file differs from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, apiTypesSource, FIELDS_FILE, fieldsSource } from './api-types.js';

fs.writeFileSync(API_TYPES_FILE, await apiTypesSource());
fs.writeFileSync(FIELDS_FILE, await fieldsSource());
for (const file of [API_TYPES_FILE, FIELDS_FILE]) console.log(`wrote ${path.relative(process.cwd(), file)}`);
