// Demo content: `seed` fills an empty database with the spec's demo data, and running it
// again changes nothing (no new records, no re-uploaded files, no rewritten rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareData } from '../../scripts/lib/pb-run.mjs';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { api, listAll, type Loose } from './helpers';

const SEEDED = [
  'site_settings',
  'artworks',
  'news_posts',
  'pages',
  'exhibitions',
  'prints',
  'drops',
  'courses',
  'course_modules',
  'course_tasks',
  'course_lessons',
  'course_compendium',
];

let pb: TestPocketBase;

/** Every seeded record as superuser, keyed by collection. */
async function snapshot() {
  const out: Record<string, Loose[]> = {};
  for (const c of SEEDED) out[c] = await listAll(pb, c, '&sort=created,id');
  return out;
}

beforeAll(async () => {
  pb = await startPocketBase({ seed: true });
});
afterAll(() => pb?.stop());

describe('demo seeding', () => {
  it('fills the site settings of the artist', async () => {
    const [s] = await listAll(pb, 'site_settings');
    expect(s).toMatchObject({
      key: 'main',
      artist_name: 'Elin Vinter',
      location: 'Stockholm, Sweden',
      studio: 'Studio in Stockholm',
      visits_note: 'Visits by appointment only',
    });
    expect(s.education.map((e: Loose) => e.year).sort()).toEqual([2015, 2017]);
    const years = s.exhibitions.map((e: Loose) => e.year);
    expect(Math.min(...years)).toBe(2022);
    expect(Math.max(...years)).toBe(2025);
    expect(s.hero_image).toMatch(/\.jpg$/);
    expect(s.portrait).toMatch(/\.jpg$/);
    for (const url of ['instagram_url', 'youtube_url', 'artist_site_url']) expect(s[url]).toMatch(/^https:\/\//);
  });

  it('adds artworks with distinct years and order, one inquirable, one sold, one at Tang Gallery', async () => {
    const artworks = await listAll(pb, 'artworks');
    expect(artworks.length).toBeGreaterThanOrEqual(6);
    expect(new Set(artworks.map((a) => a.year)).size).toBe(artworks.length);
    expect(new Set(artworks.map((a) => a.sort_order)).size).toBe(artworks.length);
    expect(artworks.filter((a) => a.is_inquirable)).toHaveLength(1);
    expect(artworks.filter((a) => a.is_sold)).toHaveLength(1);
    expect(artworks.filter((a) => a.is_with_tang_gallery)).toHaveLength(1);
    expect(artworks.every((a) => a.main_image && a.main_image_alt)).toBe(true);
    expect(artworks.filter((a) => a.detail_image_1).length).toBeGreaterThanOrEqual(3);
  });

  it('adds 10 news posts, one unpublished, that anonymous visitors see as 9', async () => {
    const news = await listAll(pb, 'news_posts');
    expect(news).toHaveLength(10);
    expect(news.filter((n) => !n.is_published)).toHaveLength(1);
    expect(news.every((n) => n.cover_image && n.content.startsWith('<p>'))).toBe(true);
    const pub = await api(pb, 'GET', '/api/collections/news_posts/records?perPage=50', null);
    expect(pub.body.items).toHaveLength(9);
  });

  it('adds 4 prints (1 inactive) with EUR and USD prices and the whole edition available', async () => {
    const prints = await listAll(pb, 'prints', '&sort=sort_order');
    expect(prints).toHaveLength(4);
    expect(prints.filter((p) => !p.is_active)).toHaveLength(1);
    for (const p of prints) {
      expect(p.currency).toBe('eur');
      expect(p.price_cents).toBe(p.price_cents_eur);
      expect(p.price_cents_usd).toBeGreaterThan(0);
      expect(p.sold).toBe(0);
      expect(p.available).toBe(p.edition_size);
      expect(p.main_image && p.cover_image && p.detail_image_1).toBeTruthy();
    }
  });

  it('adds the published course with 11 chapters, the 16 tasks of the spec and 27 lessons', async () => {
    const [course] = await listAll(pb, 'courses', "&filter=slug='whispering-game'");
    expect(course).toMatchObject({
      title: 'The Whispering Game',
      price_cents: 13900,
      currency: 'usd',
      instructor_name: 'Elin Vinter',
      is_published: true,
    });
    expect(course.cover_image).toBeTruthy();
    const chapters = await listAll(pb, 'course_modules', '&sort=sort_order');
    expect(chapters.map((c) => c.sort_order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(chapters[10].title).toBe('Behind the scenes');
    expect(chapters.every((c) => c.description && c.content && !c.video)).toBe(true);

    const chapterNo = Object.fromEntries(chapters.map((c) => [c.id, c.sort_order]));
    const tasks = await listAll(pb, 'course_tasks', '&sort=task_identifier');
    expect(tasks.map((t) => `${t.task_identifier}@${chapterNo[t.chapter_id]}`)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => `TASK_0${i + 1}@1`),
      'TASK_10@3',
      'TASK_11@4',
      'TASK_12@6',
      'TASK_13@6',
      'TASK_14@6',
      'TASK_15@7',
      'TASK_16@7',
    ]);
    expect(tasks[0].title).toBe('Hands and feet sketches');
    expect(tasks[15].title).toBe('Create 5 titles before the artwork');

    const lessons = await listAll(pb, 'course_lessons');
    expect(lessons).toHaveLength(27);
    expect(lessons.filter((l) => l.kind === 'intro')).toHaveLength(11);
    const chapter1 = lessons.filter((l) => l.module_id === chapters[0].id).sort((a, b) => a.sort_order - b.sort_order);
    expect(chapter1.map((l) => l.title.split(':')[0])).toEqual([
      'Introduction',
      ...Array.from({ length: 9 }, (_, i) => `TASK 0${i + 1}`),
    ]);

    const filter = encodeURIComponent(`course_id='${course.id}'`);
    const outline = await api(
      pb,
      'GET',
      `/api/collections/course_outline/records?sort=sort_order&filter=${filter}`,
      null,
    );
    expect(outline.body.items).toHaveLength(11);
  });

  it("adds the course's compendium as a protected PDF: no file without a token", async () => {
    const [course] = await listAll(pb, 'courses');
    const [compendium] = await listAll(pb, 'course_compendium');
    expect(compendium.course_id).toBe(course.id);
    expect(compendium.file).toMatch(/\.pdf$/);
    const url = `${pb.url}/api/files/course_compendium/${compendium.id}/${compendium.file}`;
    expect((await fetch(url)).status).toBe(404);
    const token = (await api(pb, 'POST', '/api/files/token', pb.superuser.token)).body.token;
    const res = await fetch(`${url}?token=${token}`);
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('adds the print drop, the exhibition and the legal pages', async () => {
    const [drop] = await listAll(pb, 'drops');
    const [firstPrint] = await listAll(pb, 'prints', '&sort=sort_order');
    expect(drop).toMatchObject({ slug: 'print-drop', release_at: '2025-12-01 09:00:00.000Z', print_id: firstPrint.id });
    expect(drop.title.length).toBeLessThanOrEqual(60);
    const [show] = await listAll(pb, 'exhibitions');
    expect(show).toMatchObject({ slug: 'in-the-hollow', title: 'In the hollow', city: 'Stockholm' });
    expect(show.opens_at.startsWith('2025-09-18')).toBe(true);
    expect(show.artists.split('&')).toHaveLength(2);
    const pages = await listAll(pb, 'pages', '&sort=slug');
    expect(pages.map((p) => [p.slug, p.is_published])).toEqual([
      ['privacy', true],
      ['terms', true],
    ]);
  });

  it('is idempotent: seeding again keeps every record, field, file name and updated time as it was', async () => {
    const before = await snapshot();
    // the same path `npm start` takes: migrate up (a no-op now) and seed
    prepareData({ dataDir: pb.dataDir, env: process.env, seed: true });
    const after = await snapshot();
    expect(after).toEqual(before);
  });

  it('npm start seeds only an empty database, so the artist’s edits survive a restart', async () => {
    const [artwork] = await listAll(pb, 'artworks', '&sort=sort_order');
    const edit = await api(pb, 'PATCH', `/api/collections/artworks/records/${artwork.id}`, pb.superuser.token, {
      title: 'Retitled by the artist',
    });
    expect(edit.status).toBe(200);
    prepareData({ dataDir: pb.dataDir, env: process.env, seed: 'if-empty' });
    const again = await api(pb, 'GET', `/api/collections/artworks/records/${artwork.id}`, null);
    expect(again.body.title).toBe('Retitled by the artist');
  });
});
