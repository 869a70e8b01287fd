/** 'systemManage:navManage:menuManage' → ['systemManage', 'navManage', 'menuManage']. */
export const resourceSegments = (resource: string): string[] => resource.split(':').filter(Boolean);

/**
 * Whether the user holds a permission point: it, or a node above it, is among the user's
 * resources. The same strings the server enforces, so the UI never offers what the API refuses.
 */
export function holds(resources: readonly string[], point: string): boolean {
  const wanted = resourceSegments(point);
  return resources.some((granted) => {
    const segments = resourceSegments(granted);
    return segments.length <= wanted.length && segments.every((segment, index) => wanted[index] === segment);
  });
}
