/**
 * A GUID (8-4-4-4-12 hexadecimal digits, any case), unanchored: the one pattern that paths
 * (contract/paths.ts, the server's back-office allow-list) and the OpenAPI description are built from.
 * GuidSchema (common.ts, zod's guid format) accepts exactly these (contract.test checks both agree).
 * A module of its own without zod, so the paths (and a page's reads built on them) do not need it.
 */
export const GUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const GUID_ONLY = new RegExp(`^${GUID_PATTERN}$`);
export const isGuid = (value: string): boolean => GUID_ONLY.test(value);
