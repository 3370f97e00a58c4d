import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { NavMenu } from './mobile-nav-sheet.tsx';

/** Spec 1 §2.10 and §9: at 768 px and wider the drawer is not needed; an open one closes after 100 ms. */
const DESKTOP_QUERY = '(min-width: 768px)';
const DESKTOP_AUTO_CLOSE_MS = 100;

const loadSheet = () => import('./mobile-nav-sheet.tsx');
const MobileNavSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileNavSheet })));

/**
 * The menu button shown under 768 px. The drawer it opens (a Radix Dialog) is fetched when the visitor
 * points at, focuses or presses the button, so it costs nothing on the first page load.
 */
export function MobileNav({ menus }: { menus: readonly NavMenu[] }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(DESKTOP_QUERY);
    let timer: number | undefined;
    const check = () => {
      window.clearTimeout(timer);
      if (query.matches) timer = window.setTimeout(() => setOpen(false), DESKTOP_AUTO_CLOSE_MS);
    };
    check();
    query.addEventListener('change', check);
    return () => {
      window.clearTimeout(timer);
      query.removeEventListener('change', check);
    };
  }, [open]);

  const preload = () => {
    loadSheet().catch((err) => console.warn('Could not load the menu', err));
  };

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden />
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onOpenChange={setOpen} menus={menus} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
