/**
 * The page's entry script. A prerendered page is painted first and hydrated after: the app's JavaScript
 * is requested only once the browser has shown the server markup, so on a slow phone the text appears
 * without waiting for React to download and run. Without prerendered markup (the development server)
 * the app loads at once.
 */
import './styles.css';
import { isPrerendered } from './boot-markup.ts';

const loadApp = () => import('./main.tsx');

/** Runs `start` once the first contentful paint is on screen, or after a second at the latest. */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A hidden tab never paints, and not every browser reports paint timing.
  setTimeout(once, 1000);
  try {
    new PerformanceObserver((_entries, observer) => {
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    once();
  }
}

const root = document.getElementById('root');
if (root && isPrerendered(root)) afterFirstPaint(loadApp);
else void loadApp();
