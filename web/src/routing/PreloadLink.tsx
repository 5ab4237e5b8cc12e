import { Link, type LinkProps } from 'react-router';
import { preloadRoute } from '../routes.tsx';

/**
 * A link whose page starts downloading as soon as the pointer rests on it, a finger touches it or it
 * receives focus, so the click usually finds the page's code already there.
 */
export function PreloadLink({ to, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const preload = () => {
    const path = typeof to === 'string' ? to : to.pathname;
    if (path) preloadRoute(path.split('?')[0] ?? path);
  };
  return (
    <Link
      to={to}
      onPointerEnter={(event) => {
        preload();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        preload();
        onTouchStart?.(event);
      }}
      {...props}
    />
  );
}
