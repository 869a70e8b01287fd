/** Where the reception-center module's endpoints live (spec §7). */
export const RECEPTION_CENTER_PREFIX = '/api/reception-center';
