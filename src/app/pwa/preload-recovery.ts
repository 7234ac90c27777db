import { useSyncExternalStore } from 'react';

// A tab still running an older build asks for a chunk (or its stylesheet) the server no longer
// has once a newer build is deployed. Vite reports that as `vite:preloadError`: when the file
// is really gone (the server answers 404; offline or a flaky network is not a deploy), the tab
// reloads once onto the new version (at most once per build, so a broken deploy cannot loop),
// and the error screen says it is loading the new version instead of showing an error.
const KEY = 'atelier:reloaded-for-build';
const BUILD = import.meta.env.VITE_BUILD_ID ?? 'dev';

let reloading = false;
const listeners = new Set<() => void>();
function setReloading(value: boolean) {
  reloading = value;
  for (const l of listeners) l();
}

/** True while this tab is reloading onto a new version (the error screen stays calm). */
export function useReloadingForUpdate(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => reloading,
    () => false,
  );
}

function alreadyReloaded(): boolean {
  try {
    if (sessionStorage.getItem(KEY) === BUILD) return true;
    sessionStorage.setItem(KEY, BUILD);
    return false;
  } catch {
    return false;
  }
}

/** Whether the file a preload error names is gone from the server (a deploy replaced it). */
async function gone(error: unknown): Promise<boolean> {
  if (!navigator.onLine) return false;
  const url = /https?:\/\/[^\s'"]+/.exec(error instanceof Error ? error.message : String(error))?.[0];
  if (!url) return true;
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return res.status === 404;
  } catch {
    return false;
  }
}

export function installPreloadRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloading) return;
    // decided synchronously, so the error screen already reads "loading the new version"
    setReloading(navigator.onLine);
    void gone((event as Event & { payload?: unknown }).payload).then((isGone) => {
      if (isGone && !alreadyReloaded()) window.location.reload();
      else setReloading(false);
    });
  });
}
