// The WebP copies the server makes of every image (pb_hooks/lib/pages/image-variants.js): which
// images still lack them, and a way to have them made now rather than at the cron job's next
// minute. For the bench (pages measured as a deployed site serves them) and the tests.

import { IMAGE_COLLECTIONS } from '../../contract/shared.mjs';

/** Image field names: the schema's file fields with thumbs the records API shows (hidden ones get no copies). */
async function imageFields(url, token) {
  const res = await fetch(`${url}/api/collections?perPage=200`, { headers: { authorization: token } });
  if (!res.ok) throw new Error(`GET /api/collections: ${res.status}`);
  const fields = {};
  for (const c of (await res.json()).items) {
    fields[c.name] = c.fields.filter((f) => f.type === 'file' && f.thumbs?.length && !f.hidden).map((f) => f.name);
  }
  return fields;
}

/** "collection/id.field" of every image without copies (an image marked unreadable counts as done). */
export async function imagesWithoutCopies(url, token) {
  const fields = await imageFields(url, token);
  const lacking = [];
  for (const collection of IMAGE_COLLECTIONS) {
    const res = await fetch(`${url}/api/collections/${collection}/records?perPage=500`, {
      headers: { authorization: token },
    });
    if (!res.ok) throw new Error(`GET ${collection}: ${res.status}`);
    for (const record of (await res.json()).items) {
      const map = record.image_variant_map ?? {};
      for (const field of fields[collection] ?? []) {
        const value = record[field];
        for (const name of Array.isArray(value) ? value : value ? [value] : []) {
          if (!map[name]?.webp?.length && !map[name]?.error) lacking.push(`${collection}/${record.id}.${field}`);
        }
      }
    }
  }
  return lacking;
}

/** Runs the copies' cron job now and waits until every image has them (or throws after `ms`). */
export async function makeImageCopies(url, token, ms = 180_000) {
  const until = Date.now() + ms;
  let lacking = [];
  for (;;) {
    lacking = await imagesWithoutCopies(url, token);
    if (!lacking.length) return;
    if (Date.now() > until) throw new Error(`images still without WebP copies: ${lacking.join(', ')}`);
    // the job runs in the background; a second call while it runs waits on its per-record locks
    await fetch(`${url}/api/crons/atelier_image_variants`, { method: 'POST', headers: { authorization: token } });
    await new Promise((r) => setTimeout(r, 3000));
  }
}
