/** The closed vocabularies of the data model (api.md), shared by schemas, queries and seeds. */
export const PRICING_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'expired'] as const;
export const COST_TYPES = ['material', 'process', 'secondary_process', 'other', 'management_fee', 'profit'] as const;
export const PROCESS_CATEGORIES = ['plating', 'heat_treatment', 'painting', 'anodizing', 'machining', 'welding', 'other'] as const;
export const PRICE_BASES = ['piece', 'kg', 'dm2', 'batch'] as const;
export const PROCESS_STATUSES = ['active', 'inactive'] as const;

export type PricingStatus = (typeof PRICING_STATUSES)[number];
export type CostType = (typeof COST_TYPES)[number];
export type ProcessCategory = (typeof PROCESS_CATEGORIES)[number];
export type PriceBasis = (typeof PRICE_BASES)[number];
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
