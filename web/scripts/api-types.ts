import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { openApiDocument } from '../../src/openapi.js';
import { DETAIL_LINE_LABELS } from '../../src/resources/detail-line.js';
import { EXCHANGE_RATE_FILTERS, EXCHANGE_RATE_ROW_LABELS, EXCHANGE_RATE_SORT_FIELDS } from '../../src/resources/exchange-rate.js';
import { filterTitle } from '../../src/resources/field.js';
import { PRICING_FILTERS, PRICING_ROW_LABELS, PRICING_SORT_FIELDS } from '../../src/resources/pricing.js';
import {
  SECONDARY_PROCESS_FILTERS,
  SECONDARY_PROCESS_ROW_LABELS,
  SECONDARY_PROCESS_SORT_FIELDS,
} from '../../src/resources/secondary-process.js';

/** The page's copy of the API's types, committed so that the build never depends on generating it. */
export const API_TYPES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/api/schema.d.ts');

/** The page's copy of the field declarations it shows (src/resources), committed for the same reason. */
export const FIELDS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/api/fields.ts');

/** web/src/api/schema.d.ts as the OpenAPI document the service serves generates it. */
export async function apiTypesSource(): Promise<string> {
  // A plain JSON copy: what GET /api/openapi.json serves (zod's generator leaves undefined members).
  const ast = await openapiTS(JSON.parse(JSON.stringify(openApiDocument())) as Parameters<typeof openapiTS>[0]);
  const header = '/**\n * Generated from GET /api/openapi.json by `npm run web:api-types`: do not edit by hand.\n */\n\n';
  return header + astToString(ast);
}

/** web/src/api/fields.ts: the rows' labels, the lists' sortable fields and filters, as src/resources declares them. */
export async function fieldsSource(): Promise<string> {
  const constant = (doc: string, name: string, value: unknown) =>
    `/** ${doc} */\nexport const ${name} = ${JSON.stringify(value)} as const;\n`;
  const labels = 'The Chinese name of each row field: also the export header and the OpenAPI description.';
  const sorts = 'The sortable fields in the contract’s order: the highest sort priority first.';
  const filters = 'The filters of the request body: what the page sends of its search form.';
  const titles = "Each filter's short Chinese name (its OpenAPI title): how a message names a field the service refused.";
  const titlesOf = (shape: Record<string, Parameters<typeof filterTitle>[1]>) =>
    Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, filterTitle(name, schema)]));
  const source = [
    '// Generated from src/resources by `npm run web:api-types`: do not edit by hand.\n',
    constant(labels, 'PRICING_ROW_LABELS', PRICING_ROW_LABELS),
    constant(labels, 'SECONDARY_PROCESS_ROW_LABELS', SECONDARY_PROCESS_ROW_LABELS),
    constant(labels, 'DETAIL_LINE_LABELS', DETAIL_LINE_LABELS),
    constant(labels, 'EXCHANGE_RATE_ROW_LABELS', EXCHANGE_RATE_ROW_LABELS),
    constant(sorts, 'PRICING_SORT_FIELDS', PRICING_SORT_FIELDS),
    constant(sorts, 'SECONDARY_PROCESS_SORT_FIELDS', SECONDARY_PROCESS_SORT_FIELDS),
    constant(sorts, 'EXCHANGE_RATE_SORT_FIELDS', EXCHANGE_RATE_SORT_FIELDS),
    constant(filters, 'PRICING_FILTER_FIELDS', Object.keys(PRICING_FILTERS)),
    constant(filters, 'SECONDARY_PROCESS_FILTER_FIELDS', Object.keys(SECONDARY_PROCESS_FILTERS)),
    constant(filters, 'EXCHANGE_RATE_FILTER_FIELDS', Object.keys(EXCHANGE_RATE_FILTERS)),
    constant(titles, 'PRICING_FILTER_TITLES', titlesOf(PRICING_FILTERS)),
    constant(titles, 'SECONDARY_PROCESS_FILTER_TITLES', titlesOf(SECONDARY_PROCESS_FILTERS)),
    constant(titles, 'EXCHANGE_RATE_FILTER_TITLES', titlesOf(EXCHANGE_RATE_FILTERS)),
  ].join('\n');
  // Formatted as `npm run lint` checks it.
  const options = await prettier.resolveConfig(FIELDS_FILE);
  return prettier.format(source, { ...options, filepath: FIELDS_FILE });
}
