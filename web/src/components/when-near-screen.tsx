import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Builds `children` once the place they take on the page reaches the screen, showing `placeholder`
 * until then; once built they stay. A part of a page below the fold (the dashboard's usage on a
 * phone) then costs nothing until it is scrolled to: its components, its requests and the long
 * tasks of drawing them wait for the person to look.
 *
 * A key pressed anywhere builds it too: Tab moves focus without scrolling first, and a keyboard
 * user must find the part's controls in the tab order. Browsers without IntersectionObserver
 * build it at once.
 */
export function WhenNearScreen({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const build = () => setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) build();
    });
    observer.observe(element);
    document.addEventListener('keydown', build);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', build);
    };
  }, [near]);

  return near ? children : <div ref={anchor}>{placeholder}</div>;
}
