// Server stand-in for vite-plugin-pwa's virtual module: a server render registers no service worker.
export function useRegisterSW() {
  const idle: [boolean, (value: boolean) => void] = [false, () => {}];
  return { needRefresh: idle, offlineReady: idle, updateServiceWorker: async () => {} };
}
