export type Theme = 'light' | 'dark';

/** Local-storage key of the chosen theme (spec 1 §3). */
export const THEME_STORAGE_KEY = 'theme';

/**
 * Runs inline in <head> before the page paints, so the first frame already has the right theme:
 * the saved choice, or else the system preference. The server allows exactly this script by its hash.
 */
export const THEME_INIT_SCRIPT = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='light'&&t!=='dark'){t=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}document.documentElement.classList.toggle('dark',t==='dark');document.documentElement.style.colorScheme=t}catch(e){}})();`;
