// WebP copies of images: what the renderer's endpoint accepts and writes (renderer/image-variants.ts,
// with real sharp), and how the PWA offers them (files.ts imageSource, <Image>).
// @vitest-environment node
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { imageSource } from '@/lib/pocketbase/files';
import { Image } from '@/ui/image/Image';
import {
  makeVariants,
  parseVariantRequest,
  VariantError,
  variantWidths,
  WorkFolderError,
  workFolder,
} from '../../renderer/image-variants';

// a private work folder, as the start scripts make one (mkdtemp: 0700, ours)
const work = mkdtempSync(join(tmpdir(), 'atelier-images-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the renderer’s image endpoint', () => {
  it('uses a work folder only when it is a private directory of its own', () => {
    expect(workFolder(work)).toBe(work);
    expect(() => workFolder(undefined)).toThrow(WorkFolderError);
    expect(() => workFolder('relative/dir')).toThrow(/absolute/);
    expect(() => workFolder(join(work, 'missing'))).toThrow(/does not exist/);
    const link = join(work, 'link');
    symlinkSync(work, link);
    expect(() => workFolder(link)).toThrow(/not a directory/);
    const open = mkdtempSync(join(tmpdir(), 'atelier-images-open-'));
    chmodSync(open, 0o755);
    expect(() => workFolder(open)).toThrow(/open to other users/);
    rmSync(open, { recursive: true });
  });

  it('takes only files inside its work folder', () => {
    const p = (body: unknown) => parseVariantRequest(body, work);
    expect(() => p({ src: '/etc/passwd', widths: [400] })).toThrow(VariantError);
    expect(() => p({ src: `${work}/../x`, widths: [400] })).toThrow(/not inside/);
    expect(() => p({ src: `${work}/a/../../x`, widths: [400] })).toThrow(/not inside/);
    expect(() => p({ src: 'a', widths: [400] })).toThrow(/not inside/);
    expect(() => p({ widths: [400] })).toThrow(/src/);
    expect(p({ src: join(work, 'a'), widths: [800, 400, 400] })).toEqual({ src: join(work, 'a'), widths: [400, 800] });
  });

  it('refuses widths that are not 1–10 sane whole numbers', () => {
    const src = join(work, 'a');
    for (const widths of [[], [0], [400.5], ['400'], [99999], Array.from({ length: 11 }, (_, i) => 100 + i), null])
      expect(() => parseVariantRequest({ src, widths }, work)).toThrow(/widths/);
  });

  it('makes every wanted width below the original, and the original’s own width instead of upscaling', () => {
    expect(variantWidths([400, 600, 800, 1200, 1600], 1100)).toEqual([400, 600, 800, 1100]);
    expect(variantWidths([400, 600, 800, 1200, 1600], 3000)).toEqual([400, 600, 800, 1200, 1600]);
    expect(variantWidths([400, 600, 800, 1200, 1600], 1600)).toEqual([400, 600, 800, 1200, 1600]);
    expect(variantWidths([400, 800], 300)).toEqual([300]);
  });

  it('writes upright WebP files of those widths, smaller than a quality-95 JPEG of the same width', async () => {
    const src = join(work, 'photo');
    // stored 900×600 and sideways (EXIF orientation 6): upright it is 600 wide and 900 tall
    const noise = Buffer.alloc(900 * 600 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    await sharp(noise, { raw: { width: 900, height: 600, channels: 3 } })
      .blur(3)
      .jpeg({ quality: 92 })
      .withMetadata({ orientation: 6 })
      .toFile(src);
    const result = await makeVariants({ src, widths: [400, 800] });
    expect(result.width).toBe(600);
    expect(result.height).toBe(900);
    expect(result.files.map((f) => f.width)).toEqual([400, 600]);
    for (const f of result.files) {
      const meta = await sharp(f.path).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(f.width);
      expect(meta.height).toBe(Math.round((f.width * 900) / 600));
    }
    const jpeg95 = await sharp(src).rotate().resize({ width: 600 }).jpeg({ quality: 95 }).toBuffer();
    const webp = await sharp(result.files[1]!.path).toBuffer();
    expect(webp.length).toBeLessThan(jpeg95.length / 2);
  });

  it('says a file that is not an image is not one', async () => {
    const src = join(work, 'broken');
    writeFileSync(src, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]));
    await expect(makeVariants({ src, widths: [400] })).rejects.toThrow(VariantError);
    await expect(makeVariants({ src: join(work, 'missing'), widths: [400] })).rejects.toThrow(/not an image/);
  });
});

describe('the PWA offers the copies', () => {
  const record = {
    id: 'r1',
    collectionName: 'artworks',
    image_variant_map: {
      'main_abc.jpg': {
        width: 1100,
        height: 1000,
        webp: [
          [400, 'main_abc_w400_x.webp'],
          [1100, 'main_abc_w1100_y.webp'],
        ],
      },
      'odd.jpg': { webp: [['400', 'a.webp'], [0, 'b.webp'], null] },
    },
  };

  it('as a WebP srcset beside the JPEG thumbs', () => {
    const source = imageSource(record, 'main_abc.jpg');
    expect(source?.srcSet).toContain('main_abc.jpg?thumb=400x0 400w');
    expect(source?.webpSrcSet).toBe(
      '/api/files/artworks/r1/main_abc_w400_x.webp 400w, /api/files/artworks/r1/main_abc_w1100_y.webp 1100w',
    );
  });

  it('not for an image without copies, or with a map it cannot read', () => {
    expect(imageSource(record, 'other.jpg')?.webpSrcSet).toBeUndefined();
    expect(imageSource(record, 'odd.jpg')?.webpSrcSet).toBeUndefined();
    expect(imageSource({ ...record, image_variant_map: 'junk' }, 'main_abc.jpg')?.webpSrcSet).toBeUndefined();
    expect(imageSource({ ...record, image_variant_map: null }, 'main_abc.jpg')?.src).toContain('thumb=800x0');
  });

  it('in a <picture> whose WebP source has the image’s sizes, the JPEG <img> as its fallback', () => {
    const source = imageSource(record, 'main_abc.jpg')!;
    const html = renderToStaticMarkup(
      <Image src={source.src} srcSet={source.srcSet} webpSrcSet={source.webpSrcSet} sizes="100vw" alt="A work" />,
    );
    expect(html).toMatch(
      /^<picture[^>]*><source type="image\/webp" srcSet="[^"]*main_abc_w400_x\.webp 400w[^"]*" sizes="100vw"\/><img [^>]*src="[^"]*thumb=800x0"[^>]*><\/picture>$/,
    );
    const plain = renderToStaticMarkup(<Image src={source.src} srcSet={source.srcSet} sizes="100vw" alt="A work" />);
    expect(plain).toMatch(/^<img /);
  });
});
