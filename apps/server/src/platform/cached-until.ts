import type { EventBus } from './events.ts';

/**
 * A value built once and kept until `topic` is published on any instance (a change's event after its
 * commit): no cache is cleared by hand. A failed build is not remembered: the next call tries again.
 */
export function cachedUntil<T>(events: EventBus, topic: string, build: () => Promise<T>) {
  let cached: Promise<T> | undefined;
  const forget = () => {
    cached = undefined;
  };
  const unsubscribe = events.subscribe(topic, forget);
  function current(): Promise<T> {
    if (!cached) {
      const building = build();
      building.catch(() => cached === building && forget());
      cached = building;
    }
    return cached;
  }
  return { current, close: unsubscribe };
}
