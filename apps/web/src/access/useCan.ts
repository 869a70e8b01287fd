import { createContext, useContext } from 'react';
import { holds } from './holds.ts';
import type { Point } from './points.ts';

/**
 * The signed-in user's resource strings. The shell provides them (it owns the session); widgets
 * and pages only read them, through `useCan`, so they need nothing from the shell.
 */
export const HeldResources = createContext<readonly string[]>([]);

/** The resource strings the shell provided (none outside a signed-in page). */
export const useHeldResources = (): readonly string[] => useContext(HeldResources);

/** Whether the user holds a registered permission point (see points.ts). */
export const useCan = (point: Point): boolean => holds(useHeldResources(), point);
