import '@/styles/global.css';

// The app's largest libraries are evaluated one per task before the app itself: evaluated
// together they held a slow phone's main thread for one ~300 ms task (Lighthouse TBT, 4x CPU).
// The boot script has already asked for every chunk below (scripts/vite/boot-after-paint.ts).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  for (const load of [
    () => import('react-dom/client'),
    () => import('dexie'),
    () => import('pocketbase'),
    () => import('@tanstack/react-router'),
    () => import('@tanstack/react-query'),
    // the app's modules with work at their evaluation: the device database's schema, the
    // stored session (the first localStorage read); with the rest of the app they made a
    // ~26 ms task (~105 ms at 4x)
    () => import('@/lib/offline/db'),
    () => import('@/lib/pocketbase/session'),
  ]) {
    await load();
    await nextTask();
  }
  const { startApp } = await import('@/start');
  // the app's own modules were evaluated in this task; starting it gets a task of its own
  await nextTask();
  startApp();
}

void start();
