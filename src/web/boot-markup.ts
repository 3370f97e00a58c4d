/**
 * What the server put in #root: a prerendered public page (hydrated once the app has loaded), or the signed-in
 * frame's skeleton (AppShellSkeleton: shown at once, then replaced by the app, which is loaded without delay).
 */
export function isPrerendered(root: HTMLElement): boolean {
  // Not the first child alone: React puts the skeleton's image preload before it.
  return root.firstElementChild !== null && root.querySelector(':scope > [data-app-shell-skeleton]') === null;
}
