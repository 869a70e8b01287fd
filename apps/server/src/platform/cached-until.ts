import type { EventBus } from './events.ts';

/**
 * A value built once and kept until it is forgotten. A build that fails is not remembered (the next
 * call tries again), and a forget while a build runs drops that build, so what was read before a
 * change committed is never kept after it.
 */
export function remembered<T>(build: () => Promise<T>) {
  let cached: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      if (!cached) {
        const building = build();
        building.catch(() => cached === building && (cached = undefined));
        cached = building;
      }
      return cached;
    },
    forget() {
      cached = undefined;
    },
  };
}

/**
 * A value built once and kept until `topic` is published on any instance (a change's event after its
 * commit): no cache is cleared by hand.
 */
export function cachedUntil<T>(events: EventBus, topic: string, build: () => Promise<T>) {
  const value = remembered(build);
  return { current: value.get, close: events.subscribe(topic, value.forget) };
}
