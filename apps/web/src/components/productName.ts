import { DEFAULT_PRODUCT_NAME } from '@portal/contracts';
import { createContext, useContext } from 'react';

/** The system's configured name (from the sign-in configuration). The shell provides it. */
export const ProductName = createContext<string | undefined>(undefined);

/** The configured name, or the product's own when none is configured. */
export const useProductName = (): string => useContext(ProductName) || DEFAULT_PRODUCT_NAME;
