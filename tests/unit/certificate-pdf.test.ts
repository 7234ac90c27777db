// Certificate PDFs as the renderer writes them (renderer/certificates.ts, real pdf-lib, qrcode
// and sharp): read back with pdf.js, and the QR code decoded with jsQR.
// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CertificateError, makeCertificate, parseCertificateRequest, qrMatrix } from '../../renderer/certificates';
import { pdfText } from '../support/pdf-text';

// a private work folder, as the start scripts make one (mkdtemp: 0700, ours)
const work = mkdtempSync(join(tmpdir(), 'atelier-cert-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const base = {
  kind: 'print',
  out: join(work, 'a'),
  artist: 'Elin Vinter',
  title: 'The Whispering Room',
  code: 'AB12-CD34-EF56',
  verifyUrl: 'https://elinvinter.example/verify/AB12-CD34-EF56',
  date: '2026-11-27',
  signature: '',
  editionNumber: 7,
  editionSize: 30,
  medium: 'Giclée print on archival paper',
  size: '50 × 70 cm',
};

/** Decodes the QR drawn from a module matrix (4 modules of quiet zone, 8 px each). */
function decode(modules: boolean[][]): string | undefined {
  const scale = 8;
  const n = modules.length + 8;
  const px = n * scale;
  const data = new Uint8ClampedArray(px * px * 4).fill(255);
  for (const [r, row] of modules.entries())
    for (const [c, dark] of row.entries()) {
      if (!dark) continue;
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const i = (((r + 4) * scale + y) * px + (c + 4) * scale + x) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
    }
  return jsQR(data, px, px)?.data;
}

// sharp, pdf-lib and pdf.js together take seconds on a busy two-core machine
describe('certificate PDFs', { timeout: 30_000 }, () => {
  it('a print copy: title, edition number, medium, size, date, code and the verify URL, readable by a PDF reader', async () => {
    const image = join(work, 'image');
    await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#a05030' } })
      .jpeg()
      .toFile(image);
    const signature = join(work, 'sig');
    await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toFile(signature);
    const req = parseCertificateRequest({ ...base, image, signature }, work);
    const bytes = await makeCertificate(req);
    const pdf = readFileSync(req.out);
    expect(pdf.length).toBe(bytes);
    const { pages, text, title } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(title).toBe('Certificate of Authenticity — The Whispering Room');
    for (const s of [
      'Certificate of Authenticity',
      'The Whispering Room',
      'Edition 7/30',
      'Giclée print on archival paper',
      '50 × 70 cm',
      'Date of sale: 2026-11-27',
      'AB12-CD34-EF56',
      'Verify: https://elinvinter.example/verify/AB12-CD34-EF56',
      'Elin Vinter',
    ])
      expect(text).toContain(s);
    // two images: the print and the signature
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(2);
  });

  it('a completion: the learner’s name (letters the fonts lack lose only their accents), course and date', async () => {
    const req = parseCertificateRequest(
      {
        ...base,
        kind: 'course',
        out: join(work, 'b'),
        title: 'The Whispering Game',
        holder: 'Łucja Ærø-Nguyễn',
      },
      work,
    );
    await makeCertificate(req);
    // written as a new file: a second certificate to the same path is refused
    await expect(makeCertificate(req)).rejects.toThrow(/EEXIST/);
    const { text } = await pdfText(readFileSync(req.out));
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Lucja Ærø-Nguyen');
    expect(text).toContain('The Whispering Game');
    expect(text).toContain('Completed on 2026-11-27');
    expect(text).toContain('AB12-CD34-EF56');
  });

  it('the QR code decodes to the verification URL', async () => {
    expect(decode(await qrMatrix(base.verifyUrl))).toBe(base.verifyUrl);
  });

  it('refuses paths outside the work folder and impossible edition numbers', () => {
    expect(() => parseCertificateRequest({ ...base, out: '/tmp/x' }, work)).toThrow(/out: not inside/);
    expect(() => parseCertificateRequest({ ...base, image: '/etc/passwd' }, work)).toThrow(/image: not inside/);
    expect(() => parseCertificateRequest({ ...base, editionNumber: 31 }, work)).toThrow(CertificateError);
    expect(() => parseCertificateRequest({ ...base, code: 'nope' }, work)).toThrow(/code/);
    expect(() => parseCertificateRequest({ ...base, kind: 'course' }, work)).toThrow(/holder/);
  });
});
