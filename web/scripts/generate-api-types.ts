/**
 * Regenerates web/src/api/schema.d.ts from the OpenAPI document the service serves at
 * /api/openapi.json (built here from the same zod schemas, so no running service is needed).
 * Run with `npm run web:api-types` after changing src/schemas; the output is committed so the
 * build never depends on this step, and test/openapi.test.ts-style drift shows up in review.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../../src/openapi.js';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/api/schema.d.ts');

// A plain JSON copy: what GET /api/openapi.json serves (zod's generator leaves undefined members).
const ast = await openapiTS(JSON.parse(JSON.stringify(openApiDocument())) as Parameters<typeof openapiTS>[0]);
const header = '/**\n * Generated from GET /api/openapi.json by `npm run web:api-types`: do not edit by hand.\n */\n\n';
fs.writeFileSync(OUT, header + astToString(ast));
console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
