import { useLayoutEffect, useState } from 'react';

/**
 * The height in CSS pixels of `element`'s content box, followed as it is resized; 0 until the
 * element is laid out. For content that must be drawn at a known size (a chart's gradients are
 * computed from it).
 */
export function useElementHeight(element: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setHeight(Math.floor(element.getBoundingClientRect().height));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(Math.floor(entry.contentRect.height));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return height;
}
