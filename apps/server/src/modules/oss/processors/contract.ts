/**
 * The processor schemas. They are not yet exported from `@portal/contracts` (the oss index is being
 * written alongside); once they are, this file becomes `export * from '@portal/contracts'`-style imports.
 */
export * from '../../../../../../packages/contracts/src/oss/processors.ts';
