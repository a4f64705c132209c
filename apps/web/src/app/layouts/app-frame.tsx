import { type CSSProperties, type ReactNode, useLayoutEffect } from 'react';
import classes from './app-frame.module.css';

/**
 * The signed-in page's frame: a fixed header of `headerHeight` over the page (the cabinet's and the admin
 * area's layouts). Mantine's AppShell drew it before; its navbar, aside, footer and resize handles, which we
 * never used, and react-remove-scroll came with it to every first load (~7 kB, decision 0311).
 */
export function AppFrame({ headerHeight, children }: { headerHeight: number; children: ReactNode }) {
  const style = { '--app-frame-header-height': `${headerHeight}px` } as CSSProperties;
  // What shows outside the frame (the toasts, portalled to the body) keeps below the header too.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--app-frame-header-height', `${headerHeight}px`);
    return () => {
      root.removeProperty('--app-frame-header-height');
    };
  }, [headerHeight]);
  return (
    <div className={classes.frame} style={style}>
      {children}
    </div>
  );
}

/**
 * The header. `right-scroll-bar-position` is react-remove-scroll's class for fixed elements: while a dialog
 * locks the page's scroll, the header keeps its place instead of jumping by the scrollbar's width.
 */
export function AppFrameHeader({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <header
      className={[classes.header, 'right-scroll-bar-position', className].filter(Boolean).join(' ')}
      data-app-header
    >
      {children}
    </header>
  );
}

/** The page under the header. */
export function AppFrameMain({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main className={[classes.main, className].filter(Boolean).join(' ')} data-app-main>
      {children}
    </main>
  );
}
