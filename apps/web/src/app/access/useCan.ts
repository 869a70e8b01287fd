import { useAppStore } from '../store/appStore.ts';
import { resourceSegments } from './access.ts';

/**
 * Whether the user holds a permission point (a menu element's resource string, e.g.
 * 'systemManage:organizationManage:user:create'): it, or a node above it, is among the user's
 * resources. The same strings the server enforces, so the UI never offers what the API refuses.
 */
export function holds(resources: readonly string[], resource: string): boolean {
  const wanted = resourceSegments(resource);
  return resources.some((granted) => {
    const segments = resourceSegments(granted);
    return segments.length <= wanted.length && segments.every((segment, index) => wanted[index] === segment);
  });
}

export const useCan = (resource: string): boolean => useAppStore((state) => holds(state.resources, resource));
