// Exchange rates a broken or hostile feed cannot walk: a fetched rate is taken only within a
// band around a fixed reference (the rate the artist confirmed, else the fallback), and only
// one large move a day; otherwise the last good rate stays, the refusal is logged and the
// artist is mailed. The artist confirms a rate in the admin UI (exchange_rates.confirmed_rate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSuperuser } from '../support/pocketbase';
import { makeSeams, type Seams } from '../support/test-seam';
import { api } from './helpers';
import {
  ARTIST,
  checkout,
  createPrint,
  list,
  mailTo,
  patchRecord,
  runCron,
  type Shop,
  startRatesFeed,
  startShop,
  until,
} from './shop-support';

let shop: Shop;
let seams: Seams;
let rates: Awaited<ReturnType<typeof startRatesFeed>>;
let offered = { SEK: 11.2, USD: 1.08 };

beforeAll(async () => {
  rates = await startRatesFeed(() => ({ base: 'EUR', rates: offered }));
  seams = makeSeams();
  shop = await startShop({ ...rates.env, ...seams.env });
});
afterAll(async () => {
  await shop?.stop();
  await rates?.stop();
  seams?.remove();
});

const row = async (currency: string) => (await list(shop.pb, 'exchange_rates', `currency='${currency}'`))[0];

/**
 * One refresh with these rates. USD moves by a hair every time, so the test sees when the job
 * has run whatever it decided about SEK.
 */
let usdStep = 0;
function offer(sek: number) {
  usdStep += 1;
  const usd = Math.round((1.08 + usdStep * 0.0001) * 10000) / 10000;
  offered = { SEK: sek, USD: usd };
  return usd;
}
async function refreshWith(sek: number) {
  const usd = offer(sek);
  const ran = async () => (await row('USD'))?.rate === usd;
  await runCron(shop.pb, 'atelier_exchange_rates', ran);
  await until(ran, 'the refresh', 30_000);
}

const rateMails = async () => (await mailTo(shop, ARTIST)).filter((m) => /exchange rate/i.test(m.subject));

describe('exchange rates', () => {
  it('a feed walking SEK down 19% per refresh moves it once, never out of the band around the fallback', async () => {
    await refreshWith(11.2);
    expect((await row('SEK')).rate).toBe(11.2);
    let sek = 11.2;
    for (let i = 0; i < 12; i++) {
      sek = Math.round(sek * 0.81 * 1000) / 1000;
      await refreshWith(sek);
    }
    // the first step already leaves the band (9.07 is 21% below the fallback 11.5): none is taken
    const stored = await row('SEK');
    expect(stored.rate).toBeGreaterThanOrEqual(11.5 * 0.8);
    expect(stored.rate).toBe(11.2);
    expect(stored).toMatchObject({
      refused_rate: sek,
      refused_reason: expect.stringMatching(/from the fallback rate 11.5/),
    });
    // the artist hears about it once, with what to do (the mail leaves after the job stored the rates)
    await expect.poll(async () => (await rateMails()).length).toBe(1);
    const mails = await rateMails();
    expect(mails[0]!.subject).toBe('Check the exchange rate for SEK');
    expect(mails[0]!.html).toContain('confirmed_rate');
  });

  it('within the band, one large move a day: a second one is refused, small moves go on', async () => {
    await refreshWith(10.0); // −10.7%: a large move, the first today
    expect((await row('SEK')).rate).toBe(10.0);
    await refreshWith(10.7); // +7%: the second large move today
    expect((await row('SEK')).rate).toBe(10.0);
    expect((await row('SEK')).refused_reason).toMatch(/second large move within a day/);
    await refreshWith(10.3); // +3%: a small move
    expect((await row('SEK')).rate).toBe(10.3);
  });

  it('the artist confirms a rate in the admin UI: it applies at once and becomes the reference', async () => {
    const sek = await row('SEK');
    const saved = await patchRecord(shop.pb, 'exchange_rates', sek.id, { confirmed_rate: 7.25 });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await row('SEK')).toMatchObject({ rate: 7.25, confirmed_rate: 7.25, source: 'confirmed in the admin UI' });
    expect((await row('SEK')).confirmed_at).not.toBe('');
    // the whole form saved again later (as the admin UI sends it): the server's fields stay the server's
    const { collectionId, collectionName, created, updated, ...form } = await row('SEK');
    await refreshWith(7.3);
    expect((await row('SEK')).rate).toBe(7.3);
    expect((await patchRecord(shop.pb, 'exchange_rates', sek.id, { ...form, rate: 99 })).status).toBe(200);
    expect((await row('SEK')).rate).toBe(7.3);
    // the band now lies around 7.25: 8.9 (+23%) is refused, prices follow 7.3
    await refreshWith(8.9);
    expect((await row('SEK')).rate).toBe(7.3);
    const print = await createPrint(shop.pb, { price_cents: 24000 });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { currency: 'sek' })).status).toBe(200);
    expect(
      shop.stripe.requests.filter((q) => q.path === '/v1/checkout/sessions').at(-1)?.params.line_items[0].price_data
        .unit_amount,
    ).toBe(String(Math.round((24000 * 7.3) / 100) * 100));
  });
  it('the artist confirms a rate while a refresh waits for the feed: hers stays, and the fetched rate is judged against it', async () => {
    const sek = await row('SEK');
    // 9.2 is 27% above the reference before her save (7.25), 2% above the one she saves (9.0)
    await seams.holdDuring(
      'rates-write',
      () => refreshWith(9.2),
      async () => {
        expect((await patchRecord(shop.pb, 'exchange_rates', sek.id, { confirmed_rate: 9.0 })).status).toBe(200);
        expect(await row('SEK')).toMatchObject({ rate: 9.0, confirmed_rate: 9.0 });
      },
    );
    expect(await row('SEK')).toMatchObject({ rate: 9.2, confirmed_rate: 9.0, source: expect.stringMatching(/^http/) });
  });

  it('two refreshes overlap (the half-hourly job and one run by hand): the older fetch, committing last, does not put its rates back', async () => {
    const staleLogged = async () =>
      (
        await api<{ totalItems: number }>(
          shop.pb,
          'GET',
          `/api/logs?perPage=1&filter=${encodeURIComponent("message ~ 'fetched before the stored ones'")}`,
          shop.pb.superuser.token,
        )
      ).body.totalItems > 0;
    let olderUsd = 0;
    await seams.holdDuring(
      'rates-write',
      async () => {
        // the first run fetches 9.1 and is held before its write
        olderUsd = offer(9.1);
        const res = await asSuperuser(shop.pb, '/api/crons/atelier_exchange_rates', { method: 'POST' });
        expect(res.status).toBe(204);
        // it finishes either way: the fix logs that it stored nothing; the old code wrote its rates back
        await until(async () => (await staleLogged()) || (await row('USD')).rate === olderUsd, 'the older run', 30_000);
      },
      // meanwhile a second run fetches 9.3 and stores it
      () => refreshWith(9.3),
    );
    expect(await row('SEK')).toMatchObject({ rate: 9.3, confirmed_rate: 9.0 });
    expect((await row('USD')).rate).not.toBe(olderUsd);
    expect((await row('USD')).rate).toBe(offered.USD);
  });
});
