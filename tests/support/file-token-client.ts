// A stand-in for the app's PocketBase client in jsdom tests of downloads and kept files: file
// tokens and file URLs as the SDK makes them, nobody signed in. Use with
// vi.mock('@/lib/pocketbase/client', () => import('../support/file-token-client')).
export const pb = {
  // the session module reads it on load (the compendium's query keys import it)
  authStore: { isValid: false, record: null, onChange: () => () => {} },
  files: {
    getToken: async () => 'file-token',
    getURL: (r: { id: string; collectionId: string }, name: string, q: { token: string }) =>
      `/api/files/${r.collectionId}/${r.id}/${name}?token=${q.token}`,
  },
};
