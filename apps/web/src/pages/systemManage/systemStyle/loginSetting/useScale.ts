import { useLayoutEffect, useRef, useState } from 'react';

/** The factor that shrinks a box `width` pixels wide to the width of the element `ref` points at. */
export function useScale(width: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScale(element.clientWidth / width || 0.5);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return { ref, scale };
}
