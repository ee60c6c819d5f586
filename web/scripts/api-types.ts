import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../../src/openapi.js';

/** The page's copy of the API's types, committed so that the build never depends on generating it. */
export const API_TYPES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/api/schema.d.ts');

/** web/src/api/schema.d.ts as the OpenAPI document the service serves generates it. */
export async function apiTypesSource(): Promise<string> {
  // A plain JSON copy: what GET /api/openapi.json serves (zod's generator leaves undefined members).
  const ast = await openapiTS(JSON.parse(JSON.stringify(openApiDocument())) as Parameters<typeof openapiTS>[0]);
  const header = '/**\n * Generated from GET /api/openapi.json by `npm run web:api-types`: do not edit by hand.\n */\n\n';
  return header + astToString(ast);
}
