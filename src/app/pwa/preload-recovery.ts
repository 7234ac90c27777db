// A tab still running an older build asks for a chunk (or its stylesheet) the server no longer
// has once a newer build is deployed. Vite reports that as `vite:preloadError`: the tab then
// reloads once onto the new version (at most once per build, so a broken deploy cannot loop),
// and the error screen says it is loading the new version instead of showing an error.
const KEY = 'atelier:reloaded-for-build';
const BUILD = import.meta.env.VITE_BUILD_ID ?? 'dev';

let reloading = false;

/** True once this tab is reloading onto a new version (the error screen stays calm). */
export const isReloadingForUpdate = () => reloading;

function alreadyReloaded(): boolean {
  try {
    if (sessionStorage.getItem(KEY) === BUILD) return true;
    sessionStorage.setItem(KEY, BUILD);
    return false;
  } catch {
    return false;
  }
}

export function installPreloadRecovery(): void {
  window.addEventListener('vite:preloadError', () => {
    if (reloading || alreadyReloaded()) return;
    reloading = true;
    window.location.reload();
  });
}
