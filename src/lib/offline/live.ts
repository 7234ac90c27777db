// Components read the device's database through this hook (re-renders on every change),
// so Dexie stays behind lib/offline.
export { useLiveQuery } from 'dexie-react-hooks';
